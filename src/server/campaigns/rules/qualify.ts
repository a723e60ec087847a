// Which rule decides a campaign of each subtype, with the facts it reads: one entry point for the
// claim state (read) and the claim (under the customer's lock).
import { claimPeriod } from '../../../shared/campaigns/periods.ts';
import type { Queryable } from '../../db/pool.ts';
import { creditedDeposits, grantOf, loginDayCount, registeredAt, settledBets } from '../facts.ts';
import type { Campaign } from '../store.ts';
import { depositTotal, everyDeposit, nthDeposit, rangedDeposit } from './deposit-rules.ts';
import { firstLoss, granted, loginDays, mission, registeredInside, turnover } from './activity-rules.ts';
import type { Qualification, Window } from './outcome.ts';

export interface QualifyInput {
  db: Queryable;
  campaign: Campaign;
  customerId: number;
  now: Date;
  /** Period keys this customer already has a claim for (EVERY_DEPOSIT picks a deposit not among them). */
  claimedKeys: ReadonlySet<string>;
}

export function currentWindow(campaign: Campaign, now: Date): Window {
  const { row, claimLimit } = campaign;
  return claimPeriod(claimLimit, now, { startsAt: row.starts_at, endsAt: row.ends_at });
}

export async function qualify({ db, campaign, customerId, now, claimedKeys }: QualifyInput): Promise<Qualification> {
  const { rules, row } = campaign;
  const whole: Window = { key: 'once', start: row.starts_at, end: row.ends_at };
  const window = currentWindow(campaign, now);
  const until = now < row.ends_at ? now : row.ends_at;
  switch (rules.subtype) {
    case 'FIRST_DEPOSIT':
      return nthDeposit(await creditedDeposits(db, customerId, until), 0, rules.minDeposit, whole);
    case 'DEPOSIT_AGAIN':
      return nthDeposit(await creditedDeposits(db, customerId, until), 1, rules.minDeposit, whole);
    case 'RANGED_DEPOSIT':
      return rangedDeposit(await creditedDeposits(db, customerId, until), rules, window);
    case 'DAILY_DEPOSIT':
      return depositTotal(await creditedDeposits(db, customerId, until), rules.minTotal, window, '今日');
    case 'WEEKLY_DEPOSIT':
      return depositTotal(await creditedDeposits(db, customerId, until), rules.minTotal, window, '本周');
    case 'EVERY_DEPOSIT':
      return everyDeposit(await creditedDeposits(db, customerId, until), rules.minDeposit, whole, claimedKeys);
    case 'DAILY_BET':
    case 'WEEKLY_BET':
    case 'MONTHLY_BET':
      return turnover((await settledBets(db, customerId, window.start, window.end)).stake, rules.minTurnover, window, campaign.claimLimit);
    case 'LIMITED_BET':
      return turnover((await settledBets(db, customerId, whole.start, whole.end, rules.drawTypes)).stake, rules.minTurnover, whole, 'ONCE');
    case 'FIRST_LOSS_COMPENSATION': {
      const first = (await creditedDeposits(db, customerId, row.ends_at))[0] ?? null;
      if (!first) return firstLoss({ firstDepositAt: null, loss: 0 }, rules, whole, now);
      const end = new Date(first.creditedAt.getTime() + rules.days * 86_400_000);
      const bets = await settledBets(db, customerId, first.creditedAt, end);
      return firstLoss({ firstDepositAt: first.creditedAt, loss: Math.max(0, bets.stake - bets.payout) }, rules, whole, now);
    }
    case 'REGISTER':
      return registeredInside(await registeredAt(db, customerId), whole);
    case 'LOGIN':
      return loginDays(await loginDayCount(db, customerId, whole.start, until), rules.days, whole);
    case 'MISSION': {
      const bets = await settledBets(db, customerId, whole.start, until);
      const deposits = (await creditedDeposits(db, customerId, until)).filter((d) => d.creditedAt >= whole.start);
      return mission({ orders: bets.orders, deposits: deposits.reduce((sum, d) => sum + d.amount, 0) }, rules, whole);
    }
    case 'MANUAL':
    case 'PROMOTION':
      return granted(await grantOf(db, row.id, customerId), whole);
  }
}

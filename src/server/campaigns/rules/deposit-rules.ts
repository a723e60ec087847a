// The deposit rules (FIRST_DEPOSIT, DEPOSIT_AGAIN, RANGED_DEPOSIT, DAILY/WEEKLY/EVERY_DEPOSIT) over
// the customer's credited deposits, oldest first. A deposit counts by what reached the wallet.
import { tierFor, type CampaignRules } from '../../../shared/campaigns/rules.ts';
import type { Money } from '../../../shared/money.ts';
import { inside, notYet, yuanText, type Qualification, type Window } from './outcome.ts';

export interface CreditedDeposit {
  id: number;
  reference: string;
  amount: Money;
  creditedAt: Date;
}

type Rules<S extends CampaignRules['subtype']> = Extract<CampaignRules, { subtype: S }>;

/** The n-th deposit ever (0 = first) qualifies when it was credited inside the campaign and is large enough. */
export function nthDeposit(deposits: readonly CreditedDeposit[], n: 0 | 1, minDeposit: Money, campaign: Window): Qualification {
  const which = n === 0 ? '首次' : '第二次';
  const deposit = deposits[n];
  if (!deposit) return notYet(`活动期间${which}充值满 ${yuanText(minDeposit)} 即可领取`);
  if (!inside(deposit.creditedAt, campaign)) return notYet(`${which}充值不在活动期间内`);
  if (deposit.amount < minDeposit) return notYet(`${which}充值未满 ${yuanText(minDeposit)}`);
  return { ok: true, periodKey: campaign.key, ref: deposit.reference, qualifying: deposit.amount };
}

/** The first deposit of the window inside a tier; the tier fixes the bonus. */
export function rangedDeposit(deposits: readonly CreditedDeposit[], rules: Rules<'RANGED_DEPOSIT'>, window: Window): Qualification {
  for (const deposit of deposits) {
    if (!inside(deposit.creditedAt, window)) continue;
    const tier = tierFor(rules.tiers, deposit.amount);
    if (tier) return { ok: true, periodKey: window.key, ref: deposit.reference, qualifying: deposit.amount, bonus: tier.bonus };
  }
  const lowest = Math.min(...rules.tiers.map((t) => t.minDeposit));
  return notYet(`${rules.claimLimit === 'DAILY' ? '今日' : '活动期间'}单笔充值满 ${yuanText(lowest)} 即可领取`);
}

/** The sum of the window's deposits reaches the threshold. */
export function depositTotal(deposits: readonly CreditedDeposit[], minTotal: Money, window: Window, label: '今日' | '本周'): Qualification {
  const total = deposits.filter((d) => inside(d.creditedAt, window)).reduce((sum, d) => sum + d.amount, 0);
  if (total < minTotal) return notYet(`${label}累计充值 ${yuanText(total)}，满 ${yuanText(minTotal)} 即可领取`);
  return { ok: true, periodKey: window.key, ref: null, qualifying: total };
}

/** Each deposit of the campaign at least `minDeposit` is claimable once: the oldest not claimed yet. */
export function everyDeposit(deposits: readonly CreditedDeposit[], minDeposit: Money, campaign: Window, claimedKeys: ReadonlySet<string>): Qualification {
  for (const deposit of deposits) {
    const key = `deposit:${deposit.id}`;
    if (inside(deposit.creditedAt, campaign) && deposit.amount >= minDeposit && !claimedKeys.has(key)) {
      return { ok: true, periodKey: key, ref: deposit.reference, qualifying: deposit.amount };
    }
  }
  return notYet(`单笔充值满 ${yuanText(minDeposit)} 即可领取`);
}

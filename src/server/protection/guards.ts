// The checks that betting and deposits call (decisions §8), on the server, every time:
//
//   assertMayBet(db, customerId, { stake?, now? })
//   assertMayDeposit(db, customerId, { amount?, now? })
//
// assertMayBet also guards money sent to a third-party game wallet (providers/transfers.ts), which
// is played where the platform cannot see it.
//
// Both refuse (AppError 403 FORBIDDEN, a Chinese message with the end date or the limit) during a
// cooling-off or self-exclusion period; assertMayBet also refuses a stake that could take the net
// loss of a period past its loss limit, assertMayDeposit an amount past a deposit limit. Call them
// with the transaction client of the order / deposit, before posting its transfer: they take a
// per-customer advisory lock, so two concurrent bets cannot together slip past a limit.
import type { LimitKind } from '../../shared/api/accounts.ts';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import { formatMoney, type Money } from '../../shared/money.ts';
import type { Queryable } from '../db/pool.ts';
import { AppError } from '../http/errors.ts';
import { depositedSince, netLossSince } from './ledger-totals.ts';
import { loadLimits } from './limits.ts';
import { PERIOD_NAMES, beijingDateTime, periodStart } from './periods.ts';
import { loadSettings } from './settings.ts';

const PROTECTION_LOCK = 7_412_201;

const refused = (message: string) => new AppError(403, ERROR_CODES.FORBIDDEN, message);

async function lockCustomer(db: Queryable, customerId: number): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock($1, $2)', [PROTECTION_LOCK, customerId % 2_147_483_647]);
}

/** Refuses during cooling-off or self-exclusion, naming when it ends. */
async function assertNotBlocked(db: Queryable, customerId: number, now: Date): Promise<void> {
  const settings = await loadSettings(db, customerId);
  const excludedUntil = settings.selfExcludedUntil;
  if (excludedUntil && excludedUntil > now) {
    throw refused(`您已申请自我排除，${beijingDateTime(excludedUntil)}（北京时间）前不能投注或充值`);
  }
  const coolingUntil = settings.coolingOffUntil;
  if (coolingUntil && coolingUntil > now) {
    throw refused(`您正处于冷静期，${beijingDateTime(coolingUntil)}（北京时间）前不能投注或充值`);
  }
}

async function assertWithinLimits(
  db: Queryable,
  customerId: number,
  kind: LimitKind,
  adding: Money,
  now: Date,
  measure: (db: Queryable, customerId: number, since: Date) => Promise<Money>,
): Promise<void> {
  const limits = (await loadLimits(db, customerId, now)).filter((l) => l.kind === kind && l.amount !== null);
  for (const limit of limits) {
    const used = await measure(db, customerId, periodStart(limit.period, now));
    const reached = adding > 0 ? used + adding > limit.amount! : used >= limit.amount!;
    if (!reached) continue;
    const name = `${PERIOD_NAMES[limit.period]}${kind === 'LOSS' ? '亏损' : '充值'}限额`;
    const left = Math.max(0, limit.amount! - used);
    throw refused(
      kind === 'LOSS'
        ? `已达到${name}（${formatMoney(limit.amount!)}），本期还可投注 ${formatMoney(left)}`
        : `已达到${name}（${formatMoney(limit.amount!)}），本期还可充值 ${formatMoney(left)}`,
    );
  }
}

export interface BetCheck {
  /** The stake about to be placed: it is what the bet could lose. */
  stake?: Money;
  now?: Date;
}

export async function assertMayBet(db: Queryable, customerId: number, check: BetCheck = {}): Promise<void> {
  const now = check.now ?? new Date();
  await lockCustomer(db, customerId);
  await assertNotBlocked(db, customerId, now);
  await assertWithinLimits(db, customerId, 'LOSS', check.stake ?? 0, now, netLossSince);
}

export interface DepositCheck {
  amount?: Money;
  now?: Date;
}

export async function assertMayDeposit(db: Queryable, customerId: number, check: DepositCheck = {}): Promise<void> {
  const now = check.now ?? new Date();
  await lockCustomer(db, customerId);
  await assertNotBlocked(db, customerId, now);
  await assertWithinLimits(db, customerId, 'DEPOSIT', check.amount ?? 0, now, depositedSince);
}

// Required stake (打码量, decisions §10): what a player must still stake before withdrawing. A deposit
// adds its amount × the method's multiplier, a bonus its own multiple; settled bets (WON or LOST) count
// against it, cancelled ones do not; so do settled third-party bet records, by their valid stake.
//
// Bets are found by `orders.settled_at`, which is stamped when the settling transaction starts, not
// when it commits: a count up to "now" could miss a settlement still in flight and never see it again.
// So a count is saved only up to SETTLEMENT_LAG_MS ago (`counted_until`), and the stake settled since
// then is subtracted on the fly, without saving. Every read or change runs under the row's lock, so
// two counts never take the same bets twice. Adding a requirement saves the count the same way (never
// past the lag); the stake already settled since the watermark only reduces earlier requirements — what
// it exceeds them by is added back with the new requirement, since the next saved count takes it all.
// A settlement still in flight when the requirement is added is counted once it commits, against the
// whole requirement (docs/wallet/deposits.md, "Required stake").
import type { Money } from '../../shared/money.ts';
import type { Queryable } from '../db/pool.ts';
import { AppError } from '../http/errors.ts';
import { ERROR_CODES } from '../../shared/api/errors.ts';

export type RequiredStakeSource = 'DEPOSIT' | 'BONUS' | 'ADJUSTMENT';

/** Longer than any settlement transaction takes (a million orders settle in about 90 s). */
export const SETTLEMENT_LAG_MS = 10 * 60_000;

export interface RequiredStakeState {
  /** What remains to be staked now. */
  remaining: Money;
  /** Stake settled since the previous saved count, taken off `remaining` (0 when nothing new). */
  counted: Money;
  countedUntil: Date;
}

/** Multiplier in basis points (10000 = ×1), floored to 0.0001 元. */
export function requirementFor(amount: Money, multiplierBp: number): Money {
  return Math.floor((amount * multiplierBp) / 10_000);
}

// Third-party bets (issue 20) count by their valid stake from when we first stored them SETTLED
// (`settled_seen_at`, stamped by the record puller's short transaction): a record the provider settled
// long ago but we pulled just now still counts, exactly once.
async function settledStake(db: Queryable, customerId: number, after: Date, upTo: Date): Promise<Money> {
  if (upTo <= after) return 0;
  const settled = await db.query<{ stake: number }>(
    `SELECT ((SELECT coalesce(sum(total_stake), 0) FROM order_outcomes
              WHERE customer_id = $1 AND status IN ('WON', 'LOST') AND settled_at > $2 AND settled_at <= $3)
          + (SELECT coalesce(sum(valid_stake), 0) FROM provider_bet_records
              WHERE customer_id = $1 AND status = 'SETTLED' AND settled_seen_at > $2 AND settled_seen_at <= $3))::bigint AS stake`,
    [customerId, after, upTo],
  );
  return settled.rows[0]!.stake;
}

/** A requirement that would take the figure past 2^53 − 1 (0.0001 元) is refused; nothing is written. */
export const REQUIRED_STAKE_OUT_OF_RANGE = '打码量超出系统上限，本次操作未执行';
export const requiredStakeOutOfRange = () => new AppError(409, ERROR_CODES.CONFLICT, REQUIRED_STAKE_OUT_OF_RANGE);

/**
 * The row, locked. A new row starts counted up to SETTLEMENT_LAG_MS before `now`, like a row that had
 * always been there and refreshed: stake settled since then is seen on the fly, never saved twice.
 */
async function lockedRow(client: Queryable, customerId: number, now: Date): Promise<{ remaining: Money; countedUntil: Date }> {
  await client.query('INSERT INTO required_stakes (customer_id, counted_until) VALUES ($1, $2) ON CONFLICT (customer_id) DO NOTHING', [
    customerId,
    new Date(now.getTime() - SETTLEMENT_LAG_MS),
  ]);
  const locked = await client.query<{ remaining: number; counted_until: Date }>(
    'SELECT remaining, counted_until FROM required_stakes WHERE customer_id = $1 FOR UPDATE',
    [customerId],
  );
  const row = locked.rows[0]!;
  return { remaining: row.remaining, countedUntil: row.counted_until };
}

/** Saves the count of the stake settled in (from, to] and returns what remains after it. */
async function saveCount(client: Queryable, customerId: number, row: { remaining: Money; countedUntil: Date }, to: Date): Promise<{ remaining: Money; counted: Money }> {
  if (to <= row.countedUntil) return { remaining: row.remaining, counted: 0 };
  const counted = Math.min(await settledStake(client, customerId, row.countedUntil, to), row.remaining);
  const remaining = row.remaining - counted;
  await client.query('UPDATE required_stakes SET remaining = $2, counted_until = $3, updated_at = now() WHERE customer_id = $1', [
    customerId,
    remaining,
    to,
  ]);
  if (counted > 0) {
    await client.query(
      `INSERT INTO required_stake_events (customer_id, kind, amount, remaining_after) VALUES ($1, 'TURNOVER', $2, $3)`,
      [customerId, -counted, remaining],
    );
  }
  return { remaining, counted };
}

/**
 * Takes the player's required-stake row lock now, for a transaction that posts money first and adds a
 * requirement after (the VIP bonus): every writer locks this row before the player's ledger account,
 * so a deposit and a bonus of one player never wait on each other in a cycle.
 */
export async function lockRequiredStake(client: Queryable, customerId: number, now = new Date()): Promise<void> {
  await lockedRow(client, customerId, now);
}

/** How far a count may be saved at `now`: never past SETTLEMENT_LAG_MS ago, never backwards. */
const savedUpTo = (row: { countedUntil: Date }, now: Date) => new Date(Math.max(row.countedUntil.getTime(), now.getTime() - SETTLEMENT_LAG_MS));

/**
 * Counts the stake settled since the last count and returns what remains. Call inside a transaction
 * (`client` has run BEGIN): the row stays locked until it commits.
 */
export async function refreshRequiredStake(client: Queryable, customerId: number, now = new Date()): Promise<RequiredStakeState> {
  const row = await lockedRow(client, customerId, now);
  const watermark = savedUpTo(row, now);
  const saved = await saveCount(client, customerId, row, watermark);
  const recent = await settledStake(client, customerId, watermark, now);
  return { remaining: Math.max(0, saved.remaining - recent), counted: saved.counted + Math.min(recent, saved.remaining), countedUntil: now };
}

/** What remains, read without writing (the same figure refreshRequiredStake gives). */
export async function readRequiredStake(db: Queryable, customerId: number, now = new Date()): Promise<RequiredStakeState> {
  const found = await db.query<{ remaining: number; counted_until: Date }>(
    'SELECT remaining, counted_until FROM required_stakes WHERE customer_id = $1',
    [customerId],
  );
  const row = found.rows[0];
  if (!row) return { remaining: 0, counted: 0, countedUntil: now };
  const recent = await settledStake(db, customerId, row.counted_until, now);
  return { remaining: Math.max(0, row.remaining - recent), counted: Math.min(recent, row.remaining), countedUntil: now };
}

/**
 * Adds a requirement (a credited deposit, a bonus) in the caller's transaction. The count is saved up to
 * the settlement lag only, as refreshRequiredStake does, so a settlement stamped before now that commits
 * later is still counted — once, by the count that moves the watermark past it. The stake settled since
 * the watermark and visible now reduces only what was owed before: whatever it exceeds that by is added
 * to the saved figure with the requirement, because the next saved count subtracts all of it.
 */
export async function addRequiredStake(
  client: Queryable,
  customerId: number,
  amount: Money,
  source: RequiredStakeSource,
  reference: string,
  now = new Date(),
): Promise<RequiredStakeState> {
  if (!Number.isSafeInteger(amount)) throw requiredStakeOutOfRange();
  const row = await lockedRow(client, customerId, now);
  const watermark = savedUpTo(row, now);
  const saved = await saveCount(client, customerId, row, watermark);
  const recent = await settledStake(client, customerId, watermark, now);
  const counted = saved.counted + Math.min(recent, saved.remaining);
  const owed = Math.max(0, saved.remaining - recent);
  if (amount <= 0) return { remaining: owed, counted, countedUntil: now };
  const carried = Math.max(0, recent - saved.remaining);
  const stored = saved.remaining + carried + amount;
  if (!Number.isSafeInteger(stored)) throw requiredStakeOutOfRange();
  await client.query('UPDATE required_stakes SET remaining = $2, updated_at = now() WHERE customer_id = $1', [customerId, stored]);
  if (carried > 0) {
    // Stake settled before this requirement beyond what was owed: held back from it (the next saved count takes it off again).
    await client.query(`INSERT INTO required_stake_events (customer_id, kind, amount, remaining_after, reference) VALUES ($1, 'ADJUSTMENT', $2, $3, $4)`, [
      customerId,
      carried,
      saved.remaining + carried,
      `${reference}:prior-stake`,
    ]);
  }
  await client.query('INSERT INTO required_stake_events (customer_id, kind, amount, remaining_after, reference) VALUES ($1, $2, $3, $4, $5)', [
    customerId,
    source,
    amount,
    stored,
    reference,
  ]);
  return { remaining: owed + amount, counted, countedUntil: now };
}

/**
 * Money moved from one player to another (an agent's transfer to a member) takes its requirement with
 * it: up to `amount` of what the payer still owes moves to the payee, so that a deposit cannot leave
 * through another account without being staked, and an agent who passes its deposit on is not held to
 * stake it too. Both rows are locked in id order (two transfers never wait on each other in a cycle).
 * Returns the requirement moved.
 */
export async function moveRequiredStake(
  client: Queryable,
  payerId: number,
  payeeId: number,
  amount: Money,
  reference: string,
  now = new Date(),
): Promise<Money> {
  for (const id of [payerId, payeeId].sort((a, b) => a - b)) await lockedRow(client, id, now);
  const row = await lockedRow(client, payerId, now);
  const watermark = savedUpTo(row, now);
  const saved = await saveCount(client, payerId, row, watermark);
  const recent = await settledStake(client, payerId, watermark, now);
  const moved = Math.min(amount, Math.max(0, saved.remaining - recent));
  if (moved <= 0) return 0;
  const left = saved.remaining - moved;
  await client.query('UPDATE required_stakes SET remaining = $2, updated_at = now() WHERE customer_id = $1', [payerId, left]);
  await client.query(`INSERT INTO required_stake_events (customer_id, kind, amount, remaining_after, reference) VALUES ($1, 'ADJUSTMENT', $2, $3, $4)`, [
    payerId,
    -moved,
    left,
    reference,
  ]);
  await addRequiredStake(client, payeeId, moved, 'ADJUSTMENT', reference, now);
  return moved;
}

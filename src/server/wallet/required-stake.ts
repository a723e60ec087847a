// Required stake (打码量, decisions §10): what a player must still stake before withdrawing. A deposit
// adds its amount × the method's multiplier, a bonus its own multiple; settled bets (WON or LOST) count
// against it, cancelled ones do not; so do settled third-party bet records, by their valid stake.
//
// Bets are found by `orders.settled_at`, which is stamped when the settling transaction starts, not
// when it commits: a count up to "now" could miss a settlement still in flight and never see it again.
// So a count is saved only up to SETTLEMENT_LAG_MS ago (`counted_until`), and the stake settled since
// then is subtracted on the fly, without saving. Every read or change runs under the row's lock, so
// two counts never take the same bets twice. Adding a requirement first takes the bets settled so far
// (they only ever reduce earlier requirements) and moves the watermark to now.
import type { Money } from '../../shared/money.ts';
import type { Queryable } from '../db/pool.ts';

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

async function lockedRow(client: Queryable, customerId: number): Promise<{ remaining: Money; countedUntil: Date }> {
  await client.query('INSERT INTO required_stakes (customer_id) VALUES ($1) ON CONFLICT (customer_id) DO NOTHING', [customerId]);
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
 * Counts the stake settled since the last count and returns what remains. Call inside a transaction
 * (`client` has run BEGIN): the row stays locked until it commits.
 */
export async function refreshRequiredStake(client: Queryable, customerId: number, now = new Date()): Promise<RequiredStakeState> {
  const row = await lockedRow(client, customerId);
  const watermark = new Date(Math.max(row.countedUntil.getTime(), now.getTime() - SETTLEMENT_LAG_MS));
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
 * Adds a requirement (a credited deposit, a bonus) in the caller's transaction. Bets settled before
 * it are counted first — up to now, so they only ever reduce earlier requirements.
 */
export async function addRequiredStake(
  client: Queryable,
  customerId: number,
  amount: Money,
  source: RequiredStakeSource,
  reference: string,
  now = new Date(),
): Promise<RequiredStakeState> {
  const row = await lockedRow(client, customerId);
  const saved = await saveCount(client, customerId, row, now);
  if (amount <= 0) return { ...saved, countedUntil: now };
  const remaining = saved.remaining + amount;
  await client.query('UPDATE required_stakes SET remaining = $2, updated_at = now() WHERE customer_id = $1', [customerId, remaining]);
  await client.query(
    'INSERT INTO required_stake_events (customer_id, kind, amount, remaining_after, reference) VALUES ($1, $2, $3, $4, $5)',
    [customerId, source, amount, remaining, reference],
  );
  return { remaining, counted: saved.counted, countedUntil: now };
}

// Required stake (打码量, decisions §10): what a player must still stake before withdrawing. A deposit
// adds its amount × the method's multiplier, a bonus its own multiple; settled bets (WON or LOST) count
// against it, cancelled ones do not. `remaining` is brought up to date lazily: every read or change
// first counts the stake settled since `counted_until`, under the row's lock, so two refreshes never
// count the same bets twice.
import type { Money } from '../../shared/money.ts';
import type { Queryable } from '../db/pool.ts';

export type RequiredStakeSource = 'DEPOSIT' | 'BONUS' | 'ADJUSTMENT';

export interface RequiredStakeState {
  remaining: Money;
  /** Stake settled since the previous count, just subtracted (0 when nothing new). */
  counted: Money;
  countedUntil: Date;
}

/** Multiplier in basis points (10000 = ×1), floored to 0.0001 元. */
export function requirementFor(amount: Money, multiplierBp: number): Money {
  return Math.floor((amount * multiplierBp) / 10_000);
}

/**
 * Counts the stake settled since the last count and returns what remains. Call inside a transaction
 * (`client` has run BEGIN): the row stays locked until it commits.
 */
export async function refreshRequiredStake(client: Queryable, customerId: number, now = new Date()): Promise<RequiredStakeState> {
  await client.query('INSERT INTO required_stakes (customer_id) VALUES ($1) ON CONFLICT (customer_id) DO NOTHING', [customerId]);
  const locked = await client.query<{ remaining: number; counted_until: Date }>(
    'SELECT remaining, counted_until FROM required_stakes WHERE customer_id = $1 FOR UPDATE',
    [customerId],
  );
  const row = locked.rows[0]!;
  if (now <= row.counted_until) return { remaining: row.remaining, counted: 0, countedUntil: row.counted_until };
  const settled = await client.query<{ stake: number }>(
    `SELECT coalesce(sum(total_stake), 0)::bigint AS stake FROM orders
      WHERE customer_id = $1 AND status IN ('WON', 'LOST') AND settled_at > $2 AND settled_at <= $3`,
    [customerId, row.counted_until, now],
  );
  const stake = settled.rows[0]!.stake;
  const counted = Math.min(stake, row.remaining);
  const remaining = row.remaining - counted;
  await client.query('UPDATE required_stakes SET remaining = $2, counted_until = $3, updated_at = now() WHERE customer_id = $1', [
    customerId,
    remaining,
    now,
  ]);
  if (counted > 0) {
    await client.query(
      `INSERT INTO required_stake_events (customer_id, kind, amount, remaining_after) VALUES ($1, 'TURNOVER', $2, $3)`,
      [customerId, -counted, remaining],
    );
  }
  return { remaining, counted, countedUntil: now };
}

/**
 * Adds a requirement (a credited deposit, a bonus) in the caller's transaction. Bets settled before
 * it are counted first, so they only ever reduce earlier requirements.
 */
export async function addRequiredStake(
  client: Queryable,
  customerId: number,
  amount: Money,
  source: RequiredStakeSource,
  reference: string,
  now = new Date(),
): Promise<RequiredStakeState> {
  const current = await refreshRequiredStake(client, customerId, now);
  if (amount <= 0) return current;
  const remaining = current.remaining + amount;
  await client.query('UPDATE required_stakes SET remaining = $2, updated_at = now() WHERE customer_id = $1', [customerId, remaining]);
  await client.query(
    'INSERT INTO required_stake_events (customer_id, kind, amount, remaining_after, reference) VALUES ($1, $2, $3, $4, $5)',
    [customerId, source, amount, remaining, reference],
  );
  return { ...current, remaining };
}

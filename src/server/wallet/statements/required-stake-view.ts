// The required stake (打码量) as the player reads it: GET is a pure read — what remains once the
// stake settled since the last count is taken off, without writing — and the refresh saves that count
// (src/server/wallet/required-stake.ts, under the row's lock, so bets are counted once however many
// refreshes run at once).
import type pg from 'pg';
import type { RequiredStake } from '../../../shared/api/wallet.ts';
import { withTransaction } from '../../db/pool.ts';
import { refreshRequiredStake } from '../required-stake.ts';

export async function readRequiredStake(db: pg.Pool, customerId: number, now = new Date()): Promise<RequiredStake> {
  const found = await db.query<{ remaining: number; counted_until: Date }>(
    'SELECT remaining, counted_until FROM required_stakes WHERE customer_id = $1',
    [customerId],
  );
  const row = found.rows[0];
  if (!row) return { remaining: 0, counted: 0, countedUntil: now.getTime() };
  if (now <= row.counted_until) return { remaining: row.remaining, counted: 0, countedUntil: row.counted_until.getTime() };
  const settled = await db.query<{ stake: number }>(
    `SELECT coalesce(sum(total_stake), 0)::bigint AS stake FROM orders
      WHERE customer_id = $1 AND status IN ('WON', 'LOST') AND settled_at > $2 AND settled_at <= $3`,
    [customerId, row.counted_until, now],
  );
  const counted = Math.min(settled.rows[0]!.stake, row.remaining);
  return { remaining: row.remaining - counted, counted, countedUntil: now.getTime() };
}

export async function saveRequiredStakeCount(db: pg.Pool, customerId: number): Promise<RequiredStake> {
  const state = await withTransaction(db, (client) => refreshRequiredStake(client, customerId));
  return { remaining: state.remaining, counted: state.counted, countedUntil: state.countedUntil.getTime() };
}

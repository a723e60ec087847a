// Keeps each kind's rounds committed ahead: windows follow one another without gaps, and a round is
// always created (its seed drawn, its commitment published) before its window opens. After a pause
// (server down) the next window starts at the first interval boundary at least a minute away.
import type pg from 'pg';
import { randomSeed } from '../../shared/draws/fairness/web-crypto.ts';
import { jackpotCommitment } from '../../shared/jackpot/draw.ts';
import type { JackpotKind } from '../../shared/api/jackpot.ts';
import { withTransaction } from '../db/pool.ts';
import { loadJackpotSettings } from './settings.ts';

/** How many windows of each kind exist ahead of the one now open. */
const ROUNDS_AHEAD = 2;
/**
 * After a pause, the first new window opens at least this long after `now`. The next boundary can be
 * milliseconds away, and the round must be committed, with its commitment visible, before its window
 * opens. A round created in a transaction that started after the boundary broke that.
 */
const FIRST_WINDOW_LEAD_MS = 60_000;
const KINDS: readonly JackpotKind[] = ['LUCKY', 'SUPER'];

/** A new round with a fresh secret seed and its commitment (which needs the round's id). */
export async function commitRound(client: pg.PoolClient, kind: JackpotKind, start: number, end: number, minStake: number): Promise<number> {
  const id = Number((await client.query<{ id: string }>(`SELECT nextval('jackpot_rounds_id_seq') AS id`)).rows[0]!.id);
  const seed = randomSeed();
  await client.query(
    `INSERT INTO jackpot_rounds (id, kind, window_start, window_end, seed, commitment, min_stake)
     VALUES ($1, $2, to_timestamp($3 / 1000.0), to_timestamp($4 / 1000.0), $5, $6, $7)`,
    [id, kind, start, end, seed, await jackpotCommitment(seed, id), minStake],
  );
  return id;
}

export async function ensureRounds(pool: pg.Pool, now: number): Promise<number> {
  const settings = await loadJackpotSettings(pool);
  const interval = settings.luckyIntervalMinutes * 60_000;
  let created = 0;
  for (const kind of KINDS) {
    created += await withTransaction(pool, async (client) => {
      // One scheduler per kind at a time, across processes.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`jackpot-schedule:${kind}`]);
      const last = await client.query<{ end: Date | null }>(`SELECT max(window_end) AS end FROM jackpot_rounds WHERE kind = $1`, [kind]);
      let start = last.rows[0]?.end?.getTime() ?? 0;
      if (start <= now) start = Math.floor((now + FIRST_WINDOW_LEAD_MS) / interval) * interval + interval;
      let made = 0;
      // As far ahead as the first window may have been pushed: within a minute of a boundary, a
      // bound of now + ROUNDS_AHEAD intervals left one round ahead instead of two.
      while (start <= now + ROUNDS_AHEAD * interval + FIRST_WINDOW_LEAD_MS) {
        await commitRound(client, kind, start, start + interval, settings.minStake);
        start += interval;
        made++;
      }
      return made;
    });
  }
  return created;
}

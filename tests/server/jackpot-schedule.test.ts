// Jackpot rounds are committed before their windows open (fairness): even when the scheduler runs a
// few milliseconds before an interval boundary, the first window it creates opens a minute or more
// later, not at that boundary: a round created in a transaction that began after the boundary would
// have been committed after its window opened.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { loadJackpotSettings } from '../../src/server/jackpot/settings.ts';
import { ensureRounds } from '../../src/server/jackpot/schedule.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await runMigrations(db.url);
}, 120_000);

afterAll(async () => {
  await db?.drop();
});

it('opens the first window at least a minute after the scheduler runs, even 5 ms before a boundary, and still commits two ahead', async () => {
  const pool = db.database.pool;
  const interval = (await loadJackpotSettings(pool)).luckyIntervalMinutes * 60_000;
  const boundary = Math.ceil((Date.now() + 2 * 60_000) / interval) * interval;
  const now = boundary - 5;
  expect(await ensureRounds(pool, now)).toBeGreaterThan(0);
  const { rows } = await pool.query<{ kind: string; window_start: Date; window_end: Date; created_at: Date }>(
    'SELECT kind, window_start, window_end, created_at FROM jackpot_rounds ORDER BY kind, window_start',
  );
  for (const round of rows) {
    expect(round.window_start.getTime() - now).toBeGreaterThanOrEqual(60_000);
    expect(round.window_start.getTime()).toBeGreaterThan(round.created_at.getTime());
  }
  const lucky = rows.filter((r) => r.kind === 'LUCKY');
  // Two windows ahead, as at any other moment (a minute before a boundary it once made only one).
  expect(lucky.length).toBeGreaterThanOrEqual(2);
  for (let i = 1; i < lucky.length; i++) expect(lucky[i]!.window_start.getTime()).toBe(lucky[i - 1]!.window_end.getTime());
});

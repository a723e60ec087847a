// SIGKILL the server at random points while it settles a large issue by exception, restart it, and
// check that every winner was paid once, every player's rebates once for the issue, that the losers
// read LOST (order_outcomes) and that the ledger reconciles.
import { afterEach, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/server/db/pool.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { seedDemoData } from '../../src/server/db/seed.ts';
import { houseAccountFor } from '../../src/server/orders/accounts.ts';
import { playerAccountId, postTransfers, reconcile, type TransferInput } from '../../src/server/wallet/ledger.ts';
import { beijing } from '../support/clock.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { sleep, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { issueCreditsMismatched, ORDER_WIN_PAID_SQL, ORDER_WIN_TIMES_SQL } from './settlement-support.ts';

const ORDERS = 20_000;
const RESULT = [3, 1, 4, 1, 5];
// Kinds of order (see prepareIssue). A capped order: 1 注 at 元 ×21 and group 1950 wins
// 195,000 元 × 21 = 4,095,000 元, above the 4,000,000 元 per-order cap; the first (g = 10) is its
// player's first win, so it gets exactly the cap, and the per-issue cap then cuts that player's later wins.
const CAPPED_EVERY = 5000;
const CAPPED_AT = 10;
const CAPPED_MULTIPLIER = 21;
const CAPPED_STAKE = 420_000;
const CAP = 40_000_000_000;
const WIN_AT_1900 = 1_900_000; // 1 注 at 厘, group 1900: 190 元
const REBATE_STAKE = 2_000; // 1 注 at 角
const REBATE = 50; // (1950 − 1900) / 2000 of 0.2 元

let db: TestDatabase | undefined;
let running: ServerProcess | undefined;
afterEach(async () => {
  await running?.kill('SIGKILL');
  await db?.drop();
});

async function prepareIssue(): Promise<number> {
  db = await createTestDatabase();
  await runMigrations(db.url);
  const pool = db.database.pool;
  await seedDemoData(pool);
  await pool.query(`UPDATE own_games SET enabled = draw_type = 'UUFFC'`);
  const issue = await pool.query<{ id: number }>(
    `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state, result, result_source, drawn_at)
     VALUES ('UUFFC', '202611220600', '2026-11-22', 600, $1, $2, $3, 'DRAWN', $4, 'platform', $3) RETURNING id`,
    [new Date(beijing('2026-11-22 09:59:00')), new Date(beijing('2026-11-22 09:59:30')), new Date(beijing('2026-11-22 10:00:00')), RESULT],
  );
  const issueId = issue.rows[0]!.id;
  const customers = (await pool.query<{ id: number }>(`SELECT id FROM customers WHERE test_mode IS NULL ORDER BY id`)).rows.map((r) => r.id);
  // Orders of one 注 ZX5, numbered g = 1…ORDERS (client key crash-<g>), by kind(g): every 10th picks
  // the drawn digits and wins at 厘 mode; some of those win far above the per-order cap; every 10th
  // from 5 loses at 角 mode below the player's prize group, so it carries a rebate (a REB transfer).
  await pool.query(
    `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_id, issue_number, bet_count, total_stake, prize_group)
     SELECT ($2::bigint[])[1 + (g % array_length($2::bigint[], 1))], 'crash-' || g, 'UUFFC', 'REGULAR', $1, '202611220600', 1,
            CASE WHEN g % ${CAPPED_EVERY} = ${CAPPED_AT} THEN ${CAPPED_STAKE} WHEN g % 10 = 5 THEN ${REBATE_STAKE} ELSE 20 END, 1950
       FROM generate_series(1, $3) AS g`,
    [issueId, customers, ORDERS],
  );
  await pool.query(
    `INSERT INTO order_bets (order_id, seq, code, name, selection, mode, multiplier, prize_group, bet_count, stake, rebate)
     SELECT o.id, 1, 'ZX5', '复式',
            CASE WHEN o.g % 10 = 0 THEN '{"rows":[[3],[1],[4],[1],[5]]}'::jsonb
                 ELSE jsonb_build_object('rows', jsonb_build_array(jsonb_build_array(o.g % 10), '[0]'::jsonb, '[0]'::jsonb, '[0]'::jsonb, '[0]'::jsonb)) END,
            CASE WHEN o.g % ${CAPPED_EVERY} = ${CAPPED_AT} THEN 'YUAN' WHEN o.g % 10 = 5 THEN 'JIAO' ELSE 'LI' END,
            CASE WHEN o.g % ${CAPPED_EVERY} = ${CAPPED_AT} THEN ${CAPPED_MULTIPLIER} ELSE 1 END,
            CASE WHEN o.g % ${CAPPED_EVERY} = ${CAPPED_AT} THEN 1950 ELSE 1900 END,
            1, o.total_stake, CASE WHEN o.g % 10 = 5 THEN ${REBATE} ELSE 0 END
       FROM (SELECT id, total_stake, substr(client_key, 7)::int AS g FROM orders WHERE issue_id = $1) AS o`,
    [issueId],
  );
  // Each order's stake was debited when it was placed.
  const orders = (await pool.query<{ id: number; customer_id: number; total_stake: number }>('SELECT id, customer_id, total_stake FROM orders WHERE issue_id = $1', [issueId])).rows;
  await withTransaction(pool, async (client) => {
    const transfers: TransferInput[] = [];
    for (const o of orders) {
      transfers.push({
        idempotencyKey: `bet:${o.id}`,
        type: 'BET',
        legs: [
          { accountId: await playerAccountId(client, o.customer_id), amount: -o.total_stake },
          { accountId: await houseAccountFor(client, o.customer_id), amount: o.total_stake },
        ],
      });
    }
    await postTransfers(client, transfers);
  });
  return issueId;
}

describe('settlement crash safety', () => {
  it('settles every order exactly once across SIGKILLs at random points', async () => {
    const issueId = await prepareIssue();
    const pool = db!.database.pool;
    const start = beijing('2026-11-22 10:00:30');
    const env = { DATABASE_URL: db!.url, DRAW_CLOCK: `scaled:${start}:${Date.now()}:1`, DRAW_TICK_MS: '100' };
    // Progress: the rows settlement writes (winners), then the issue SETTLED (which makes the losers LOST).
    const writtenCount = async () =>
      Number((await pool.query(`SELECT count(*) FROM orders WHERE issue_id = $1 AND status <> 'PENDING'`, [issueId])).rows[0].count);
    const issueState = async () => (await pool.query<{ state: string }>('SELECT state FROM draw_issues WHERE id = $1', [issueId])).rows[0]!.state;
    const settledCount = async () =>
      Number((await pool.query(`SELECT count(*) FROM order_outcomes WHERE issue_id = $1 AND status <> 'PENDING'`, [issueId])).rows[0].count);

    // Each process is killed a random moment after its settlement has visibly moved on (a batch
    // committed), whatever the time the process took to start on a loaded machine.
    let killedMidway = 0;
    const attempts: unknown[] = [];
    for (let attempt = 0; attempt < 25 && killedMidway < 3; attempt++) {
      running = startServerProcess(env);
      const base = await writtenCount();
      const deadline = Date.now() + 90_000;
      while ((await writtenCount()) === base && (await issueState()) !== 'SETTLED' && Date.now() < deadline) await sleep(20);
      await sleep(Math.random() * 150);
      const before = await issueState();
      await running.kill('SIGKILL');
      const output = running.output();
      running = undefined;
      const after = await issueState();
      const written = await writtenCount();
      attempts.push({ base, written, before, after, output: output.slice(-300) });
      if (written > 0 && after !== 'SETTLED' && before !== 'SETTLED') killedMidway++;
      if (after === 'SETTLED') break;
    }
    // Let a last process finish whatever is left.
    running = startServerProcess(env);
    const deadline = Date.now() + 120_000;
    let state = '';
    while (Date.now() < deadline) {
      state = (await pool.query<{ state: string }>('SELECT state FROM draw_issues WHERE id = $1', [issueId])).rows[0]!.state;
      if (state === 'SETTLED') break;
      await sleep(200);
    }
    await running.kill('SIGTERM');
    running = undefined;

    expect(killedMidway, JSON.stringify(attempts)).toBeGreaterThanOrEqual(1);
    expect(state).toBe('SETTLED');
    expect(await settledCount()).toBe(ORDERS);
    // Every order's outcome, recomputed here: payouts capped per order, then per player on the issue
    // in id order (what earlier crashed runs paid counts), rebates promised on the rebate orders.
    const rows = await pool.query<{ id: number; customer_id: number; g: number; status: string; payout: number; rebate: number; won: number; wins: number; in_detail: number }>(
      `SELECT o.id, o.customer_id, substr(o.client_key, 7)::int AS g, o.status, o.payout, o.rebate,
              ${ORDER_WIN_PAID_SQL} AS won, ${ORDER_WIN_TIMES_SQL} AS wins,
              (SELECT coalesce(sum((d->>2)::bigint), 0)::bigint FROM issue_credits r, jsonb_array_elements(r.detail) AS d
                WHERE r.type = 'REB' AND r.issue_id = o.issue_id AND r.customer_id = o.customer_id AND (d->>0)::bigint = o.id) AS in_detail
         FROM order_outcomes o WHERE o.issue_id = $1 ORDER BY o.id`,
      [issueId],
    );
    const paid = new Map<number, number>();
    const mismatches: unknown[] = [];
    for (const row of rows.rows) {
      const capped = row.g % CAPPED_EVERY === CAPPED_AT;
      const wins = row.g % 10 === 0;
      const gross = capped ? CAP : wins ? WIN_AT_1900 : 0;
      const granted = Math.max(0, Math.min(gross, CAP - (paid.get(row.customer_id) ?? 0)));
      paid.set(row.customer_id, (paid.get(row.customer_id) ?? 0) + granted);
      const rebate = row.g % 10 === 5 ? REBATE : 0;
      const expected = { status: wins ? 'WON' : 'LOST', payout: granted, rebate, won: granted, wins: granted > 0 ? 1 : 0, inDetail: rebate };
      const actual = { status: row.status, payout: row.payout, rebate: row.rebate, won: row.won, wins: row.wins, inDetail: row.in_detail };
      if (JSON.stringify(actual) !== JSON.stringify(expected)) mismatches.push({ g: row.g, actual, expected });
    }
    expect(mismatches).toEqual([]);
    expect(rows.rows.find((r) => r.g === CAPPED_AT)!.payout).toBe(CAP);
    expect(rows.rows.filter((r) => r.status === 'WON' && r.payout === 0).length).toBeGreaterThan(0);
    const transfers = await pool.query<{ type: string; n: number; keys: number }>(
      `SELECT type, count(*)::int AS n, count(DISTINCT idempotency_key)::int AS keys FROM ledger_transfers WHERE type IN ('WIN', 'REB') GROUP BY type ORDER BY type`,
    );
    const winningPlayers = new Set(rows.rows.filter((r) => r.payout > 0).map((r) => r.customer_id)).size;
    const rebatedPlayers = new Set(rows.rows.filter((r) => r.g % 10 === 5).map((r) => r.customer_id)).size;
    // One WIN and one REB transfer per player for the issue, each of exactly the sum of its detail,
    // into the player's wallet, under the key of the issue and the player.
    expect(transfers.rows).toEqual([
      { type: 'REB', n: rebatedPlayers, keys: rebatedPlayers },
      { type: 'WIN', n: winningPlayers, keys: winningPlayers },
    ]);
    expect(await issueCreditsMismatched(pool)).toEqual([]);
    expect((await reconcile(pool)).ok).toBe(true);
  }, 600_000);
});

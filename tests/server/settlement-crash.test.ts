// SIGKILL the server at random points while it settles a large issue, restart it, and check that
// every order was settled exactly once and the ledger reconciles.
import { afterEach, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/server/db/pool.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { seedDemoData } from '../../src/server/db/seed.ts';
import { houseAccountFor } from '../../src/server/orders/accounts.ts';
import { playerAccountId, postTransfers, reconcile, type TransferInput } from '../../src/server/wallet/ledger.ts';
import { beijing } from '../support/clock.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { sleep, startServerProcess, type ServerProcess } from '../support/server-process.ts';

const ORDERS = 20_000;
const RESULT = [3, 1, 4, 1, 5];

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
  // Orders of 1 注 ZX5 at 厘 mode (0.002 元); every 10th picks the drawn digits and wins.
  await pool.query(
    `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_id, issue_number, bet_count, total_stake, prize_group)
     SELECT ($2::bigint[])[1 + (g % array_length($2::bigint[], 1))], 'crash-' || g, 'UUFFC', 'REGULAR', $1, '202611220600', 1, 20, 1950
       FROM generate_series(1, $3) AS g`,
    [issueId, customers, ORDERS],
  );
  await pool.query(
    `INSERT INTO order_bets (order_id, seq, code, name, selection, mode, multiplier, prize_group, bet_count, stake, rebate)
     SELECT o.id, 1, 'ZX5', '复式',
            CASE WHEN o.id % 10 = 0 THEN '{"rows":[[3],[1],[4],[1],[5]]}'::jsonb
                 ELSE jsonb_build_object('rows', jsonb_build_array(jsonb_build_array(o.id % 10), '[0]'::jsonb, '[0]'::jsonb, '[0]'::jsonb, '[0]'::jsonb)) END,
            'LI', 1, 1900, 1, 20, 0
       FROM orders o WHERE o.issue_id = $1`,
    [issueId],
  );
  // Each order's stake was debited when it was placed.
  const orders = (await pool.query<{ id: number; customer_id: number }>('SELECT id, customer_id FROM orders WHERE issue_id = $1', [issueId])).rows;
  await withTransaction(pool, async (client) => {
    const transfers: TransferInput[] = [];
    for (const o of orders) {
      transfers.push({
        idempotencyKey: `bet:${o.id}`,
        type: 'BET',
        legs: [
          { accountId: await playerAccountId(client, o.customer_id), amount: -20 },
          { accountId: await houseAccountFor(client, o.customer_id), amount: 20 },
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
    const settledCount = async () =>
      Number((await pool.query(`SELECT count(*) FROM orders WHERE issue_id = $1 AND status <> 'PENDING'`, [issueId])).rows[0].count);

    let killedMidway = 0;
    for (let attempt = 0; attempt < 25; attempt++) {
      running = startServerProcess(env);
      // Wait for settlement to start, then kill at a random moment within it.
      const deadline = Date.now() + 20_000;
      while ((await settledCount()) === 0 && Date.now() < deadline && attempt === 0) await sleep(20);
      await sleep(50 + Math.random() * (attempt === 0 ? 300 : 2_500));
      const before = await settledCount();
      await running.kill('SIGKILL');
      running = undefined;
      const after = await settledCount();
      if (after > 0 && after < ORDERS && before < ORDERS) killedMidway++;
      if (after === ORDERS) break;
    }
    // Let a last process finish whatever is left.
    running = startServerProcess(env);
    const deadline = Date.now() + 60_000;
    let state = '';
    while (Date.now() < deadline) {
      state = (await pool.query<{ state: string }>('SELECT state FROM draw_issues WHERE id = $1', [issueId])).rows[0]!.state;
      if (state === 'SETTLED') break;
      await sleep(200);
    }
    await running.kill('SIGTERM');
    running = undefined;

    expect(killedMidway).toBeGreaterThanOrEqual(1);
    expect(state).toBe('SETTLED');
    expect(await settledCount()).toBe(ORDERS);
    const outcomes = await pool.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM orders WHERE issue_id = $1 GROUP BY status ORDER BY status`,
      [issueId],
    );
    expect(outcomes.rows).toEqual([
      { status: 'LOST', n: ORDERS - ORDERS / 10 },
      { status: 'WON', n: ORDERS / 10 },
    ]);
    const wins = await pool.query<{ n: number; keys: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT idempotency_key)::int AS keys FROM ledger_transfers WHERE type = 'WIN'`,
    );
    expect(wins.rows[0]).toEqual({ n: ORDERS / 10, keys: ORDERS / 10 });
    const paid = await pool.query<{ ok: boolean }>(
      `SELECT bool_and(o.payout = (SELECT e.amount FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id
                                    JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'PLAYER_MAIN'
                                   WHERE t.idempotency_key = 'win:' || o.id)) AS ok
         FROM orders o WHERE o.issue_id = $1 AND o.status = 'WON'`,
      [issueId],
    );
    expect(paid.rows[0]!.ok).toBe(true);
    expect((await reconcile(pool)).ok).toBe(true);
  }, 240_000);
});

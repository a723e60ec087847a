// Settlement by exception, interrupted half-way by a fault point and then run again from several
// connections at once: every winner is paid once, every player's rebates once for the issue (one
// transfer, its per-bet detail summing to it), the losers' rows are never written yet read LOST
// (未中奖) in the player's order list, and the ledger reconciles. A loser's popup (开奖提醒) is
// published only once the issue is SETTLED: a page that refetches its orders on the popup reads LOST.
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { openDatabase, type Database } from '../../src/server/db/pool.ts';
import { seedDemoData } from '../../src/server/db/seed.ts';
import { EventHub } from '../../src/server/events/hub.ts';
import { settleIssue } from '../../src/server/orders/lifecycle.ts';
import type { JackpotHook } from '../../src/server/orders/settlement.ts';
import { listOrders, orderDetail } from '../../src/server/orders/views.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { beijing } from '../support/clock.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { issueCreditsMismatched, ORDER_WIN_PAID_SQL, ORDER_WIN_TIMES_SQL } from './settlement-support.ts';

const ORDERS = 3_000;
const RESULT = [3, 1, 4, 1, 5];
const WIN_AT_1900 = 1_900_000; // 1 注 ZX5 at 厘, group 1900: 190 元
const REBATE_STAKE = 2_000; // 1 注 at 角
const REBATE = 50; // (1950 − 1900) / 2000 of 0.2 元

let db: TestDatabase;
let others: Database[] = [];
let issueId: number;
let hub: EventHub;

beforeAll(async () => {
  db = await createTestDatabase();
  await runMigrations(db.url);
  const pool = db.database.pool;
  await seedDemoData(pool);
  const issue = await pool.query<{ id: number }>(
    `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state, result, result_source, drawn_at)
     VALUES ('UUFFC', '202611220601', '2026-11-22', 601, $1, $2, $3, 'DRAWN', $4, 'platform', $3) RETURNING id`,
    [new Date(beijing('2026-11-22 10:00:00')), new Date(beijing('2026-11-22 10:00:30')), new Date(beijing('2026-11-22 10:01:00')), RESULT],
  );
  issueId = issue.rows[0]!.id;
  const customers = (await pool.query<{ id: number }>(`SELECT id FROM customers WHERE test_mode IS NULL ORDER BY id`)).rows.map((r) => r.id);
  // Order g (client key exc-<g>): every 10th wins at 厘, every 10th from 5 loses with a rebate, the rest lose.
  await pool.query(
    `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_id, issue_number, bet_count, total_stake, prize_group)
     SELECT ($2::bigint[])[1 + (g % array_length($2::bigint[], 1))], 'exc-' || g, 'UUFFC', 'REGULAR', $1, '202611220601', 1,
            CASE WHEN g % 10 = 5 THEN ${REBATE_STAKE} ELSE 20 END, 1950
       FROM generate_series(1, $3) AS g`,
    [issueId, customers, ORDERS],
  );
  await pool.query(
    `INSERT INTO order_bets (order_id, seq, code, name, selection, mode, multiplier, prize_group, bet_count, stake, rebate)
     SELECT o.id, 1, 'ZX5', '复式',
            CASE WHEN o.g % 10 = 0 THEN '{"rows":[[3],[1],[4],[1],[5]]}'::jsonb
                 ELSE jsonb_build_object('rows', jsonb_build_array(jsonb_build_array(o.g % 10), '[0]'::jsonb, '[0]'::jsonb, '[0]'::jsonb, '[0]'::jsonb)) END,
            CASE WHEN o.g % 10 = 5 THEN 'JIAO' ELSE 'LI' END, 1, 1900, 1, o.total_stake, CASE WHEN o.g % 10 = 5 THEN ${REBATE} ELSE 0 END
       FROM (SELECT id, total_stake, substr(client_key, 5)::int AS g FROM orders WHERE issue_id = $1) AS o`,
    [issueId],
  );
  others = [openDatabase(db.url, 4), openDatabase(db.url, 4), openDatabase(db.url, 4)];
  const log = { warn: () => {}, error: () => {}, info: () => {}, debug: () => {} } as unknown as FastifyBaseLogger;
  hub = new EventHub({ pool, databaseUrl: db.url, log, heartbeatMs: 60_000 });
}, 120_000);

/** The orders of the issue that have had a settlement popup, with how many each. */
async function popups(): Promise<Map<number, number>> {
  const found = await db.database.pool.query<{ order_id: number; n: number }>(
    `SELECT (payload->>'orderId')::bigint AS order_id, count(*)::int AS n FROM live_events
      WHERE type = 'orderSettledPopup' AND payload->>'drawNumber' = '202611220601' GROUP BY 1`,
  );
  return new Map(found.rows.map((r) => [r.order_id, r.n]));
}

afterAll(async () => {
  await hub?.close();
  await Promise.all(others.map((o) => o.close()));
  await db?.drop();
});

/** A fault point: the settlement's transaction fails when the n-th order reaches the jackpot hook. */
function failingAt(n: number): JackpotHook {
  let calls = 0;
  return {
    contribution() {
      if (++calls === n) throw new Error('fault point: settlement interrupted');
      return 0;
    },
  };
}

describe('settlement by exception', () => {
  it('pays winners once and rebates once per player after a failure half-way, without writing the losers', async () => {
    const pool = db.database.pool;
    const now = beijing('2026-11-22 10:01:30');

    await expect(settleIssue(pool, issueId, now, { batchSize: 200, concurrency: 1, jackpot: failingAt(ORDERS / 2), events: hub })).rejects.toThrow(
      /fault point/,
    );
    const half = await pool.query<{ state: string; written: number; paid: number }>(
      `SELECT (SELECT state FROM draw_issues WHERE id = $1) AS state,
              (SELECT count(*)::int FROM orders WHERE issue_id = $1 AND status <> 'PENDING') AS written,
              (SELECT count(*)::int FROM ledger_transfers WHERE type IN ('REB', 'WIN')) AS paid`,
      [issueId],
    );
    // Some winners committed, nothing paid yet (wins and rebates are paid per player once the whole
    // share is written), the issue not settled: its losers still read PENDING.
    expect(half.rows[0]!.state).toBe('DRAWN');
    expect(half.rows[0]!.written).toBeGreaterThan(0);
    expect(half.rows[0]!.written).toBeLessThan(ORDERS / 10);
    expect(half.rows[0]!.paid).toBe(0);
    // Nobody has been told: a winner's popup goes out with its money, a loser's once the issue is SETTLED.
    expect((await popups()).size).toBe(0);

    // Again, from four connections pools at once: one takes the issue's lock, the others give up.
    const runs = await Promise.all(
      [pool, ...others.map((o) => o.pool)].map((p) => settleIssue(p, issueId, now, { batchSize: 200, concurrency: 2, events: hub })),
    );
    expect(runs.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 5 && !(await settleIssue(pool, issueId, now, { events: hub })); i++);
    // And once more after SETTLED: nothing changes.
    expect(await settleIssue(pool, issueId, now)).toBe(true);

    const rows = await pool.query<{ id: number; customer_id: number; g: number; status: string; stored: string; payout: number; rebate: number; wins: number; won: number }>(
      `SELECT o.id, o.customer_id, substr(o.client_key, 5)::int AS g, o.status, o.stored_status AS stored, o.payout, o.rebate,
              ${ORDER_WIN_TIMES_SQL} AS wins, ${ORDER_WIN_PAID_SQL} AS won
         FROM order_outcomes o WHERE o.issue_id = $1 ORDER BY o.id`,
      [issueId],
    );
    const mismatches = rows.rows.filter((r) => {
      const wins = r.g % 10 === 0;
      const expected = {
        status: wins ? 'WON' : 'LOST', stored: wins ? 'WON' : 'PENDING', payout: wins ? WIN_AT_1900 : 0,
        rebate: r.g % 10 === 5 ? REBATE : 0, wins: wins ? 1 : 0, won: wins ? WIN_AT_1900 : 0,
      };
      return JSON.stringify({ status: r.status, stored: r.stored, payout: r.payout, rebate: r.rebate, wins: r.wins, won: r.won }) !== JSON.stringify(expected);
    });
    expect(mismatches).toEqual([]);
    // Every order told once: the winners with their money (the ones written by the failed call too),
    // the losers once the issue is SETTLED.
    const told = await popups();
    expect(rows.rows.filter((r) => told.get(r.id) !== 1).map((r) => r.id)).toEqual([]);

    // One REB per rebated player for the issue, of the sum of its detail, which names each rebate bet once.
    const rebates = await pool.query<{ customer_id: number; amount: number; detail_sum: number; orders: number; distinct_orders: number; credited: number; key: string }>(
      `SELECT r.customer_id, r.amount,
              (SELECT sum((d->>2)::bigint) FROM jsonb_array_elements(r.detail) AS d)::bigint AS detail_sum,
              jsonb_array_length(r.detail) AS orders,
              (SELECT count(DISTINCT d->>0) FROM jsonb_array_elements(r.detail) AS d)::int AS distinct_orders,
              (SELECT e.amount FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'PLAYER_MAIN'
                WHERE e.transfer_id = r.transfer_id)::bigint AS credited, t.idempotency_key AS key
         FROM issue_credits r JOIN ledger_transfers t ON t.id = r.transfer_id WHERE r.issue_id = $1 AND r.type = 'REB' ORDER BY r.customer_id`,
      [issueId],
    );
    const expectedRebates = new Map<number, number>();
    for (const r of rows.rows) if (r.g % 10 === 5) expectedRebates.set(r.customer_id, (expectedRebates.get(r.customer_id) ?? 0) + 1);
    expect(rebates.rows.map((r) => ({ customer: r.customer_id, amount: r.amount, detail: r.detail_sum, credited: r.credited, orders: r.orders, distinct: r.distinct_orders, key: r.key }))).toEqual(
      [...expectedRebates].sort(([a], [b]) => a - b).map(([customer, n]) => ({
        customer, amount: n * REBATE, detail: n * REBATE, credited: n * REBATE, orders: n, distinct: n, key: `reb:${issueId}:${customer}`,
      })),
    );
    const transfers = await pool.query<{ type: string; n: number }>(`SELECT type, count(*)::int AS n FROM ledger_transfers WHERE type IN ('WIN', 'REB') GROUP BY type ORDER BY type`);
    const winners = new Set(rows.rows.filter((r) => r.g % 10 === 0).map((r) => r.customer_id)).size;
    expect(transfers.rows).toEqual([{ type: 'REB', n: expectedRebates.size }, { type: 'WIN', n: winners }]);
    expect(await issueCreditsMismatched(pool)).toEqual([]);
    expect((await reconcile(pool)).ok).toBe(true);

    // The player's order list and detail read a plain loser as LOST (shown 未中奖), its bet LOSE, the issue's result.
    // The last rebate order placed: on the first page of its player's list, newest first.
    const loser = rows.rows.filter((r) => r.g % 10 === 5).at(-1)!;
    const list = await listOrders(pool, loser.customer_id, { page: 1, pageSize: 100, status: 'LOST' } as Parameters<typeof listOrders>[2]);
    expect(list.items.find((o) => o.orderId === String(loser.id))).toMatchObject({ status: 'LOST', payout: 0, rebate: REBATE });
    expect(list.items.every((o) => o.status === 'LOST')).toBe(true);
    expect(list.total).toBe(rows.rows.filter((r) => r.customer_id === loser.customer_id && r.g % 10 !== 0).length);
    const pending = await listOrders(pool, loser.customer_id, { page: 1, pageSize: 100, status: 'PENDING' } as Parameters<typeof listOrders>[2]);
    expect(pending.total).toBe(0);
    const detail = await orderDetail(pool, loser.customer_id, loser.id);
    expect(detail).toMatchObject({ status: 'LOST', result: RESULT });
    expect(detail!.settledAt).toBe(now);
    expect(detail!.bets.map((b) => b.outcome)).toEqual(['LOSE']);
  }, 120_000);
});

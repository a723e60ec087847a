// System cancellation survives interruptions: an issue committed as CANCELLED whose refunds then
// failed (a crash between the two) is refunded by a later scheduler run, and a refund pass never
// stops while an order it skipped because another transaction held it is still pending.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yuan } from '../../src/shared/money.ts';
import type { ResultFeed } from '../../src/server/draws/feeds/feed.ts';
import type { IssueLifecycle } from '../../src/server/draws/lifecycle.ts';
import { DrawScheduler } from '../../src/server/draws/scheduler.ts';
import { cancelIssueOrders } from '../../src/server/orders/cancel.ts';
import { ordersLifecycle } from '../../src/server/orders/lifecycle.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie } from '../support/http.ts';
import { placeRequest, schedulerFor } from '../support/orders.ts';

let server: TestServer;
const clock = new ManualClock(beijing('2026-11-22 09:15:00'));
const PLAYERS = ['demo_player', 'demo_member1', 'demo_agent'];
const cookies = new Map<string, string>();
const silent: ResultFeed = { name: 'silent', fetchResult: async () => null };

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.clock = clock;
  await server.db.database.pool.query(`UPDATE own_games SET enabled = draw_type IN ('CQSSC')`);
  await schedulerFor(server, clock).tick();
  for (const username of PLAYERS) cookies.set(username, await loginCookie(server.app, username));
});
afterAll(() => server.close());

const pool = () => server.db.database.pool;

async function balanceOf(username: string): Promise<number> {
  const found = await pool().query<{ balance: number }>(
    `SELECT a.balance FROM ledger_accounts a JOIN customers c ON c.id = a.customer_id WHERE c.username = $1 AND a.kind = 'PLAYER_MAIN'`,
    [username],
  );
  return found.rows[0]!.balance;
}

/** Places `perPlayer` orders of ¥2 for every player on the CQSSC issue on sale; returns the order ids. */
async function placeOrders(perPlayer: number): Promise<{ issueNumber: string; drawAt: number; orderIds: number[] }> {
  const current = (await server.app.inject({ url: '/ajax/draws/CQSSC/current' })).json().current as { issueNumber: string; drawAt: number };
  const orderIds: number[] = [];
  for (const username of PLAYERS) {
    for (let i = 0; i < perPlayer; i++) {
      const placed = await placeRequest(server, cookies.get(username)!, {
        drawType: 'CQSSC',
        playMode: 'REGULAR',
        issueNumber: current.issueNumber,
        bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [i % 10]] }, mode: 'YUAN', multiplier: 1 }],
      });
      expect(placed.statusCode, placed.body).toBe(200);
      orderIds.push(placed.json().order.orderId as number);
    }
  }
  return { ...current, orderIds };
}

async function expectRefundedOnce(orderIds: number[]) {
  const orders = await pool().query<{ status: string }>('SELECT status FROM orders WHERE id = ANY($1::bigint[])', [orderIds]);
  expect(orders.rows.map((r) => r.status)).toEqual(orderIds.map(() => 'SYSTEM_CANCELED'));
  const refunds = await pool().query<{ reference: string; n: string }>(
    `SELECT reference, count(*) AS n FROM ledger_transfers WHERE type = 'REF' AND reference = ANY($1::text[]) GROUP BY reference`,
    [orderIds.map((id) => `order:${id}`)],
  );
  expect(refunds.rows).toHaveLength(orderIds.length);
  expect(refunds.rows.every((r) => Number(r.n) === 1)).toBe(true);
  expect((await reconcile(pool())).ok).toBe(true);
}

describe('refunds of system-cancelled issues', () => {
  it('refunds every order exactly once on a later run when the refunds failed after the cancellation committed', async () => {
    const before = new Map(await Promise.all(PLAYERS.map(async (u) => [u, await balanceOf(u)] as const)));
    const { issueNumber, drawAt, orderIds } = await placeOrders(3);
    for (const username of PLAYERS) expect(await balanceOf(username)).toBe(before.get(username)! - 3 * yuan(2));

    // The process "dies" between committing CANCELLED and refunding: afterCancel fails once.
    const real = ordersLifecycle({ events: server.ctx.events });
    let interrupted = 0;
    const crashingOnce: IssueLifecycle = {
      settleDrawn: real.settleDrawn,
      async afterCancel(db, issues, now) {
        if (interrupted++ === 0) throw new Error('process killed before the refunds');
        await real.afterCancel(db, issues, now);
      },
    };
    const options = { pool: pool(), feed: silent, feedTimeoutMs: 60_000, clock };
    clock.set(drawAt + 2 * 60_000);
    const first = await new DrawScheduler({ ...options, lifecycle: crashingOnce }).tick();
    expect(first.cancelled).toBeGreaterThanOrEqual(1);
    const issue = await pool().query<{ state: string }>(`SELECT state FROM draw_issues WHERE draw_type = 'CQSSC' AND issue_number = $1`, [issueNumber]);
    expect(issue.rows[0]!.state).toBe('CANCELLED');
    const stillPending = await pool().query(`SELECT 1 FROM orders WHERE id = ANY($1::bigint[]) AND status = 'PENDING'`, [orderIds]);
    expect(stillPending.rowCount).toBe(orderIds.length);

    // A fresh scheduler (the restarted process) finishes the refunds; further runs change nothing.
    const restarted = new DrawScheduler({ ...options, lifecycle: crashingOnce });
    expect((await restarted.tick()).refunded).toBe(1);
    expect((await restarted.tick()).refunded).toBe(0);
    await expectRefundedOnce(orderIds);
    for (const username of PLAYERS) expect(await balanceOf(username)).toBe(before.get(username)!);
  });

  it('does not stop refunding at an order another transaction holds: it waits for it', async () => {
    clock.advance(60 * 60_000);
    await schedulerFor(server, clock).tick();
    const { issueNumber, orderIds } = await placeOrders(2);
    const issue = await pool().query<{ id: number }>(`SELECT id FROM draw_issues WHERE draw_type = 'CQSSC' AND issue_number = $1`, [issueNumber]);
    const issueId = issue.rows[0]!.id;
    await pool().query(`UPDATE draw_issues SET state = 'CANCELLED', cancelled_at = now(), cancel_reason = 'NO_RESULT' WHERE id = $1`, [issueId]);

    // Another session holds the second order (as another process's refund batch would).
    const holder = await pool().connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [orderIds[1]]);
      const refunding = cancelIssueOrders(pool(), [issueId], clock.now(), 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await holder.query('COMMIT');
      await refunding;
    } finally {
      holder.release();
    }
    await expectRefundedOnce(orderIds);
  });
});

// The batched placement statement (src/server/orders/place.ts, place-batch.ts, place-session.ts): the
// route's cached session is checked by the statement, orders placed in one batch keep their own
// outcomes, and what the statement refuses comes back as the route's errors.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/server/db/pool.ts';
import { playerAccountId, postTransfer, reconcile, systemAccountId } from '../../src/server/wallet/ledger.ts';
import { yuan } from '../../src/shared/money.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { placeRequest, schedulerFor } from '../support/orders.ts';

let server: TestServer;
const clock = new ManualClock(beijing('2026-11-22 09:00:10'));
const ISSUE = '202611220541'; // UUFFC, on sale 09:00:00–09:00:30

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.clock = clock;
  await server.db.database.pool.query(`UPDATE own_games SET enabled = draw_type IN ('UUFFC', 'UUPK10', 'MKSSC', 'CQSSC')`);
  await schedulerFor(server, clock).tick();
});
afterAll(() => server.close());

const pool = () => server.db.database.pool;
const zx5 = (multiplier = 1) => ({
  drawType: 'UUFFC',
  playMode: 'REGULAR',
  issueNumber: ISSUE,
  bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier }],
});
const customerId = async (username: string) =>
  Number((await pool().query('SELECT id FROM customers WHERE username = $1', [username])).rows[0].id);
const ordersOf = async (id: number) => Number((await pool().query('SELECT count(*) FROM orders WHERE customer_id = $1', [id])).rows[0].count);
const walletBalance = async (id: number) =>
  Number((await pool().query(`SELECT balance FROM ledger_accounts WHERE customer_id = $1 AND kind = 'PLAYER_MAIN'`, [id])).rows[0].balance);

describe('fast placement', () => {
  it('places nothing for a session revoked after it was cached', async () => {
    const cookie = await loginCookie(server.app, 'demo_member1');
    const id = await customerId('demo_member1');
    expect((await placeRequest(server, cookie, zx5())).statusCode).toBe(200);
    const orders = await ordersOf(id);
    const logout = await server.app.inject({ method: 'PUT', url: '/ajax/logout', headers: { cookie, ...MUTATION_HEADERS } });
    expect(logout.statusCode).toBe(200);
    const refused = await placeRequest(server, cookie, zx5());
    expect(refused.statusCode).toBe(401);
    expect(await ordersOf(id)).toBe(orders);
  });

  it('prices with the prize group the player has now, not the cached one', async () => {
    const cookie = await loginCookie(server.app, 'demo_member2');
    const id = await customerId('demo_member2');
    expect((await placeRequest(server, cookie, zx5())).statusCode).toBe(200);
    await pool().query('UPDATE customers SET prize_group = 1900 WHERE id = $1', [id]);
    const placed = await placeRequest(server, cookie, zx5());
    expect(placed.statusCode).toBe(200);
    expect(placed.json().order.bets[0].prizeGroup).toBe(1900);
    const stored = await pool().query('SELECT prize_group FROM orders WHERE id = $1', [placed.json().order.orderId]);
    expect(stored.rows[0].prize_group).toBe(1900);
  });

  it('gives each order of a batch its own outcome: one placed, one 余额不足, never below zero', async () => {
    const cookie = await loginCookie(server.app, 'demo_agent');
    const id = await customerId('demo_agent');
    // Leave exactly 3 元 in the wallet: two concurrent 2 元 bets cannot both be placed.
    await withTransaction(pool(), async (client) => {
      const wallet = await playerAccountId(client, id);
      const out = await systemAccountId(client, 'external:test-drain', 'EXTERNAL');
      const balance = (await client.query('SELECT balance FROM ledger_accounts WHERE id = $1', [wallet])).rows[0].balance;
      await postTransfer(client, {
        idempotencyKey: `test:drain:${randomUUID()}`,
        type: 'WIT',
        legs: [
          { accountId: wallet, amount: -(Number(balance) - yuan(3)) },
          { accountId: out, amount: Number(balance) - yuan(3) },
        ],
      });
    });
    const orders = await ordersOf(id);
    const responses = await Promise.all([placeRequest(server, cookie, zx5()), placeRequest(server, cookie, zx5())]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json()).toEqual({ code: 'INSUFFICIENT_FUNDS', message: '余额不足' });
    expect(await walletBalance(id)).toBe(yuan(1));
    expect(await ordersOf(id)).toBe(orders + 1);
    expect((await reconcile(pool())).ok).toBe(true);
  });

  it('refuses a closed game and a closed issue with the general path’s messages, writing nothing', async () => {
    const cookie = await loginCookie(server.app, 'demo_player');
    const id = await customerId('demo_player');
    expect((await placeRequest(server, cookie, zx5())).statusCode).toBe(200);
    const orders = await ordersOf(id);
    await pool().query(`UPDATE own_games SET enabled = false WHERE draw_type = 'UUFFC'`);
    const closedGame = await placeRequest(server, cookie, zx5());
    expect(closedGame.statusCode).toBe(409);
    expect(closedGame.json().message).toBe('彩票游戏暂时关闭，请稍后再试');
    await pool().query(`UPDATE own_games SET enabled = true WHERE draw_type = 'UUFFC'`);
    clock.set(beijing('2026-11-22 09:00:56'));
    const closedIssue = await placeRequest(server, cookie, zx5());
    expect(closedIssue.statusCode).toBe(409);
    expect(closedIssue.json().message).toBe(`第 ${ISSUE} 期已截止投注`);
    expect(await ordersOf(id)).toBe(orders);
  });
});

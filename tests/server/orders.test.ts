import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlaceOrderResponseSchema } from '../../src/shared/api/orders.ts';
import { verifyInstantDraw } from '../../src/shared/draws/index.ts';
import { count, payout, prizeTable } from '../../src/shared/lottery/index.ts';
import { parseYuan, regularStake, yuan } from '../../src/shared/money.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { openDatabase, withTransaction } from '../../src/server/db/pool.ts';
import { settleIssue } from '../../src/server/orders/lifecycle.ts';
import { computeSettlements, readPendingOrders, writeSettlements } from '../../src/server/orders/settlement.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { placeRequest, schedulerFor, upcomingResult } from '../support/orders.ts';
import { drawnIssue, fundedPlayer, issueCreditsMismatched, ORDER_WIN_PAID_SQL, ORDER_WIN_TIMES_SQL, pendingOrder } from './settlement-support.ts';

let server: TestServer;
let cookie: string;
const clock = new ManualClock(beijing('2026-11-22 09:00:10'));
let scheduler: ReturnType<typeof schedulerFor>;

const ISSUE = '202611220541'; // UUFFC, on sale 09:00:00–09:00:30, drawn 09:01:00

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.clock = clock;
  await server.db.database.pool.query(`UPDATE own_games SET enabled = draw_type IN ('UUFFC', 'UUPK10', 'MKSSC', 'CQSSC')`);
  scheduler = schedulerFor(server, clock);
  await scheduler.tick();
  cookie = await loginCookie(server.app, 'demo_player');
});
afterAll(() => server.close());

const balance = async () =>
  (await server.app.inject({ url: '/ajax/wallet/main-wallet-balance', headers: { cookie } })).json().balance as number;
const orderCount = async () => Number((await server.db.database.pool.query('SELECT count(*) FROM orders')).rows[0].count);

describe('placing orders', () => {
  it('debits exactly the engine stake and records a pending order', async () => {
    const before = await balance();
    const selection = { rows: [[1], [2], [3], [4], [5, 6]] };
    const response = await placeRequest(server, cookie, {
      drawType: 'UUFFC',
      playMode: 'REGULAR',
      issueNumber: ISSUE,
      bets: [{ methodId: 'ZX5', selection, mode: 'JIAO', multiplier: 3 }],
    });
    expect(response.statusCode).toBe(200);
    const { order, balance: after } = PlaceOrderResponseSchema.parse(response.json());
    const expected = regularStake(count('UUFFC', 'ZX5', selection), 'JIAO', 3);
    expect(order).toMatchObject({ status: 'PENDING', issueNumber: ISSUE, betCount: 2, totalStake: expected });
    expect(expected).toBe(parseYuan('1.2'));
    expect(after).toBe(before - expected);
    expect(await balance()).toBe(after);
  });

  it('gives one order for the same key sent twice concurrently', async () => {
    const clientKey = randomUUID();
    const before = await balance();
    const body = {
      clientKey,
      drawType: 'UUFFC',
      playMode: 'REGULAR',
      issueNumber: ISSUE,
      bets: [{ methodId: 'ZX5', selection: { rows: [[0], [0], [0], [0], [0]] }, mode: 'YUAN', multiplier: 1 }],
    };
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        server.app.inject({ method: 'POST', url: '/ajax/orders', headers: { cookie, ...MUTATION_HEADERS }, payload: body }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(responses.map((r) => r.json().order.orderId)).size).toBe(1);
    expect(await balance()).toBe(before - yuan(2));
  });

  it('refuses an engine-invalid selection, a bet above the balance, and an unknown issue, changing nothing', async () => {
    const before = await balance();
    const orders = await orderCount();
    const invalid = await placeRequest(server, cookie, {
      drawType: 'UUFFC', playMode: 'REGULAR', issueNumber: ISSUE,
      bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4]] }, mode: 'YUAN', multiplier: 1 }],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('VALIDATION');
    expect(invalid.json().message).toMatch(/[\u4e00-\u9fff]/);

    const tooMuch = await placeRequest(server, cookie, {
      drawType: 'UUFFC', playMode: 'REGULAR', issueNumber: ISSUE,
      bets: [{ methodId: 'ZX5', selection: { rows: [[1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2], [2], [3], [4]] }, mode: 'YUAN', multiplier: 1000 }],
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({ code: 'INSUFFICIENT_FUNDS', message: '余额不足' });

    const unknown = await placeRequest(server, cookie, {
      drawType: 'UUFFC', playMode: 'REGULAR', issueNumber: '202611229999',
      bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1 }],
    });
    expect(unknown.json().message).toBe('期号不存在');
    const wrongMode = await placeRequest(server, cookie, {
      drawType: 'GD11X5', playMode: 'BOARD', issueNumber: ISSUE,
      bets: [{ betTypeId: 'RANK_1', selection: '1', stake: yuan(1) }],
    });
    expect(wrongMode.statusCode).toBe(409);
    expect(wrongMode.json().message).toBe('彩票游戏暂时关闭，请稍后再试');
    expect(await balance()).toBe(before);
    expect(await orderCount()).toBe(orders);
  });

  it('lets the player cancel before sales close and refunds the stake', async () => {
    const before = await balance();
    const placed = await placeRequest(server, cookie, {
      drawType: 'UUFFC', playMode: 'REGULAR', issueNumber: ISSUE,
      bets: [{ methodId: 'ZX5', selection: { rows: [[9], [9], [9], [9], [9]] }, mode: 'YUAN', multiplier: 5 }],
    });
    const orderId = placed.json().order.orderId;
    const cancelled = await server.app.inject({ method: 'PUT', url: `/ajax/orders/${orderId}/cancel`, headers: { cookie, ...MUTATION_HEADERS } });
    expect(cancelled.json().order.status).toBe('CUSTOMER_CANCELED');
    expect(await balance()).toBe(before);
    const again = await server.app.inject({ method: 'PUT', url: `/ajax/orders/${orderId}/cancel`, headers: { cookie, ...MUTATION_HEADERS } });
    expect(again.json().message).toBe('该订单已结算或已撤单，不能撤单');
    expect(await balance()).toBe(before);
  });
});

describe('player protection', () => {
  it('refuses a bet from a self-excluded player and places nothing', async () => {
    const member = await loginCookie(server.app, 'demo_member1');
    const excluded = await server.app.inject({
      method: 'PUT', url: '/ajax/protection/self-exclusion', headers: { cookie: member, ...MUTATION_HEADERS }, payload: { months: 6 },
    });
    expect(excluded.statusCode).toBe(200);
    const orders = await orderCount();
    const refused = await placeRequest(server, member, {
      drawType: 'UUFFC', playMode: 'REGULAR', issueNumber: ISSUE,
      bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1 }],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/自我排除/);
    expect(await orderCount()).toBe(orders);
  });
});

describe('sales close, draw and settlement', () => {
  let winningOrder: string;
  let losingOrder: string;
  let pendingToCancel: string;
  let result: number[];

  it('pays a winning regular bet what the engine says, and a board bet per its odds', async () => {
    result = await upcomingResult(server, 'UUFFC', ISSUE);
    const win = await placeRequest(server, cookie, {
      drawType: 'UUFFC', playMode: 'REGULAR', issueNumber: ISSUE,
      bets: [{ methodId: 'ZX5', selection: { rows: result.map((d) => [d]) }, mode: 'FEN', multiplier: 2, prizeGroup: 1900 }],
    });
    winningOrder = win.json().order.orderId;
    const lose = await placeRequest(server, cookie, {
      drawType: 'UUFFC', playMode: 'REGULAR', issueNumber: ISSUE,
      bets: [{ methodId: 'ZX5', selection: { rows: result.map((d) => [(d + 1) % 10]) }, mode: 'YUAN', multiplier: 1 }],
    });
    losingOrder = lose.json().order.orderId;
    const beforeDraw = await balance();

    clock.set(beijing('2026-11-22 09:00:56'));
    const late = await placeRequest(server, cookie, {
      drawType: 'UUFFC', playMode: 'REGULAR', issueNumber: ISSUE,
      bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1 }],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`第 ${ISSUE} 期已截止投注`);
    const lateCancel = await server.app.inject({ method: 'PUT', url: `/ajax/orders/${losingOrder}/cancel`, headers: { cookie, ...MUTATION_HEADERS } });
    expect(lateCancel.json().message).toBe('本期已截止投注，不能撤单');

    clock.set(beijing('2026-11-22 09:01:05'));
    await scheduler.tick();
    const detail = (await server.app.inject({ url: `/ajax/orders/${winningOrder}`, headers: { cookie } })).json();
    const prize = prizeTable('UUFFC', 'ZX5', 1900)[0]!.prize; // one 2-元 注 in 元 mode
    const expectedPayout = payout('UUFFC', 'ZX5', [1], { prizeGroup: 1900, mode: 'FEN', multiplier: 2 }).amount;
    expect(expectedPayout).toBe(Math.floor((prize * 2) / 100));
    expect(detail).toMatchObject({ status: 'WON', payout: expectedPayout, result });
    // Betting at 1900 below the player's 1950 earns (1950 − 1900) / 2000 of the stake.
    expect(detail.rebate).toBe(Math.floor((parseYuan('0.04') * 50) / 2000));
    expect((await server.app.inject({ url: `/ajax/orders/${losingOrder}`, headers: { cookie } })).json()).toMatchObject({ status: 'LOST', payout: 0 });
    expect(await balance()).toBe(beforeDraw + detail.payout + detail.rebate);
  });

  it('settles each order exactly once when two settlers in two pools settle the same issue at once', async () => {
    const pool = server.db.database.pool;
    const second = openDatabase(server.db.url, 10);
    try {
      const result = [7, 0, 3, 9, 4];
      const players = await Promise.all(Array.from({ length: 6 }, () => fundedPlayer(pool, yuan(100))));
      const prepare = async () => {
        const issue = await drawnIssue(pool, 'UUFFC', result);
        const orders: { id: number; wins: boolean }[] = [];
        for (let i = 0; i < 120; i++) {
          const wins = i % 3 === 0;
          const rows = result.map((d, k) => [wins || k > 0 ? d : (d + 1) % 10]);
          const id = await pendingOrder(pool, issue, players[i % players.length]!, 'UUFFC', {
            playMode: 'REGULAR',
            bets: [{ methodId: 'ZX5', selection: { rows }, mode: 'LI', multiplier: 1, prizeGroup: 1900 }],
          });
          orders.push({ id, wins });
        }
        return { issue, orders };
      };
      const prize = payout('UUFFC', 'ZX5', [1], { prizeGroup: 1900, mode: 'LI', multiplier: 1 }).amount;
      const checkExactlyOnce = async (issueId: number, orders: { id: number; wins: boolean }[]) => {
        const rows = await pool.query<{ id: number; status: string; payout: number; wins: number; paid: number }>(
          `SELECT o.id, o.status, o.payout,
                  ${ORDER_WIN_TIMES_SQL} AS wins, ${ORDER_WIN_PAID_SQL} AS paid
             FROM order_outcomes o WHERE o.issue_id = $1 ORDER BY o.id`,
          [issueId],
        );
        expect(rows.rows).toEqual(
          orders.map((o) => ({ id: o.id, status: o.wins ? 'WON' : 'LOST', payout: o.wins ? prize : 0, wins: o.wins ? 1 : 0, paid: o.wins ? prize : 0 })),
        );
        expect(await reconcile(pool)).toMatchObject({ ok: true });
        expect(await issueCreditsMismatched(pool)).toEqual([]);
      };

      // The scheduler's way: settleIssue from both pools at once, again and again until SETTLED.
      const first = await prepare();
      const rounds: boolean[][] = [];
      while (!rounds.some((r) => r.includes(true))) {
        rounds.push(await Promise.all([pool, second.pool].map((p) => settleIssue(p, first.issue.id, clock.now(), { batchSize: 7 }))));
      }
      await checkExactlyOnce(first.issue.id, first.orders);

      // Without the issue lock: two settlers read the same pending orders and write them at once;
      // the guarded order update alone must keep each order to one settlement and one WIN.
      const race = await prepare();
      const settler = async (p: typeof pool) => {
        for (;;) {
          const written = await withTransaction(p, async (client) => {
            const pending = await readPendingOrders(client, { id: race.issue.id, drawType: 'UUFFC', issueNumber: race.issue.issueNumber }, 9);
            if (pending.length === 0) return 0;
            await writeSettlements(client, computeSettlements(pending, result, race.issue.issueNumber, '2026-11-22'), {
              issueId: race.issue.id, result, now: clock.now(), events: false,
            });
            return pending.length;
          }).catch((error: { code?: string }) => {
            if (error.code === '40P01') return -1; // a deadlock victim retries, as a worker would
            throw error;
          });
          if (written === 0) return;
        }
      };
      await Promise.all([settler(pool), settler(second.pool), settler(pool), settler(second.pool)]);
      await checkExactlyOnce(race.issue.id, race.orders);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('settles a PK10 board bet with its odds', async () => {
    clock.set(beijing('2026-11-22 09:01:10'));
    await scheduler.tick();
    const current = (await server.app.inject({ url: '/ajax/draws/UUPK10/current' })).json().current;
    const upcoming = await upcomingResult(server, 'UUPK10', current.issueNumber);
    const champion = String(upcoming[0]);
    const placed = await placeRequest(server, cookie, {
      drawType: 'UUPK10', playMode: 'BOARD', issueNumber: current.issueNumber,
      bets: [
        { betTypeId: 'RANK_1', selection: champion, stake: yuan(10) },
        { betTypeId: 'RANK_2', selection: String(upcoming[0]), stake: yuan(5) },
      ],
    });
    expect(placed.statusCode).toBe(200);
    pendingToCancel = placed.json().order.orderId;
    clock.set(current.drawAt + 5_000);
    await scheduler.tick();
    const detail = (await server.app.inject({ url: `/ajax/orders/${pendingToCancel}`, headers: { cookie } })).json();
    expect(detail.status).toBe('WON');
    expect(detail.bets.map((b: { outcome: string }) => b.outcome)).toEqual(['WIN', 'LOSE']);
    expect(detail.bets[0].payout).toBe(Math.floor((yuan(10) * 97_000) / 10_000));
  });
});

describe('instant draws', () => {
  it('draws and settles in the same call, verifiably', async () => {
    // The seed's hash is shown before the first instant bet (the bet is refused otherwise).
    const shown = (await server.app.inject({ url: '/ajax/instant-seed', headers: { cookie } })).json();
    const before = await balance();
    const response = await placeRequest(server, cookie, {
      drawType: 'MKSSC', playMode: 'REGULAR', clientSeed: 'my-lucky-seed',
      bets: [{ methodId: 'ZX5', selection: { rows: [[0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4]] }, mode: 'LI', multiplier: 1 }],
    });
    expect(response.statusCode).toBe(200);
    const { order, balance: after } = response.json();
    expect(['WON', 'LOST']).toContain(order.status);
    expect(order.result).toHaveLength(5);
    expect(after).toBe(before - order.totalStake + order.payout + order.rebate);
    const seed = await server.db.database.pool.query('SELECT server_seed FROM instant_seeds WHERE id = (SELECT instant_seed_id FROM orders WHERE id = $1)', [order.orderId]);
    const check = await verifyInstantDraw({
      drawType: 'MKSSC',
      serverSeed: seed.rows[0].server_seed,
      serverSeedHash: order.fairness.serverSeedHash,
      clientSeed: order.fairness.clientSeed,
      nonce: order.fairness.nonce,
      publishedResult: order.result,
    });
    expect(check.verdict).toBe('PASS');
    expect(order.fairness.serverSeedHash).toBe(shown.serverSeedHash);
    expect(order.fairness.serverSeed).toBeNull();

    // Rotating reveals the seed: the order's detail now carries it, and a new seed is committed.
    const rotated = await server.app.inject({ method: 'PUT', url: '/ajax/instant-seed/rotate', headers: { cookie, ...MUTATION_HEADERS }, payload: { clientSeed: 'next-seed' } });
    expect(rotated.json().revealed).toMatchObject({ serverSeed: seed.rows[0].server_seed, serverSeedHash: order.fairness.serverSeedHash });
    expect(rotated.json().current).toMatchObject({ clientSeed: 'next-seed', nextNonce: 0 });
    const detail = (await server.app.inject({ url: `/ajax/orders/${order.orderId}`, headers: { cookie } })).json();
    expect(detail.fairness.serverSeed).toBe(seed.rows[0].server_seed);
    const active = (await server.app.inject({ url: '/ajax/instant-seed', headers: { cookie } })).json();
    expect(active.serverSeedHash).toBe(rotated.json().current.serverSeedHash);
  });
});

describe('cancelled issues', () => {
  it('refunds every bet of an issue whose result never comes (SYSTEM_CANCELED)', async () => {
    clock.set(beijing('2026-11-22 09:15:00'));
    await scheduler.tick();
    const current = (await server.app.inject({ url: '/ajax/draws/CQSSC/current' })).json().current;
    const before = await balance();
    const placed = await placeRequest(server, cookie, {
      drawType: 'CQSSC', playMode: 'REGULAR', issueNumber: current.issueNumber,
      bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 2 }],
    });
    expect(await balance()).toBe(before - yuan(4));
    // An official feed that stays silent (the default simulated feed would draw the issue).
    const silent = schedulerFor(server, clock, 60_000, { name: 'silent', fetchResult: async () => null });
    clock.set(current.drawAt + 2 * 60_000);
    await silent.tick();
    const detail = (await server.app.inject({ url: `/ajax/orders/${placed.json().order.orderId}`, headers: { cookie } })).json();
    expect(detail.status).toBe('SYSTEM_CANCELED');
    expect(await balance()).toBe(before);
    const onCancelled = await placeRequest(server, cookie, {
      drawType: 'CQSSC', playMode: 'REGULAR', issueNumber: current.issueNumber,
      bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1 }],
    });
    expect(onCancelled.json().message).toBe(`第 ${current.issueNumber} 期已撤销，不能投注`);
    expect((await reconcile(server.db.database.pool)).ok).toBe(true);
  });

  it('lists the player’s orders with filters', async () => {
    const all = (await server.app.inject({ url: '/ajax/orders?pageSize=100', headers: { cookie } })).json();
    expect(all.total).toBeGreaterThanOrEqual(6);
    const won = (await server.app.inject({ url: '/ajax/orders?status=WON&drawType=UUFFC', headers: { cookie } })).json();
    expect(won.items.every((o: { status: string; drawType: string }) => o.status === 'WON' && o.drawType === 'UUFFC')).toBe(true);
    const other = await loginCookie(server.app, 'demo_agent');
    expect((await server.app.inject({ url: '/ajax/orders', headers: { cookie: other } })).json().total).toBe(0);
    const anon = await server.app.inject({ url: '/ajax/orders' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('house shards', () => {
  it('a refused first bet on a shard does not break later bets on it', async () => {
    const trial = await loginCookie(server.app, 'demo_trial');
    const current = (await server.app.inject({ url: '/ajax/draws/UUFFC/current' })).json().current;
    const tooMuch = await placeRequest(server, trial, {
      drawType: 'UUFFC', playMode: 'REGULAR', issueNumber: current.issueNumber,
      bets: [{ methodId: 'ZX5', selection: { rows: [[1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2], [2], [3], [4]] }, mode: 'YUAN', multiplier: 1000 }],
    });
    expect(tooMuch.json().code).toBe('INSUFFICIENT_FUNDS');
    const small = await placeRequest(server, trial, {
      drawType: 'UUFFC', playMode: 'REGULAR', issueNumber: current.issueNumber,
      bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1 }],
    });
    expect(small.statusCode, small.body).toBe(200);
  });
});

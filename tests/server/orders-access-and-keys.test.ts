// Hardening of the betting routes (issue 15, "also fix"): anonymous calls get 401 before their input
// is validated; what the order, autobet, instant-seed and favourite reads answer is never stored by a
// cache; a client key reused for another order (or autobet) is refused with 409, while the same
// request sent again still answers the order it placed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';

const KEY_REUSED = '该订单标识已用于另一笔投注，请重新下单';
const AUTOBET_KEY_REUSED = '该追号标识已用于另一个追号计划，请重新提交';

let server: TestServer;
let issueNumber: string;
const pool = () => server.db.database.pool;

beforeAll(async () => {
  server = await startTestServer();
  await pool().query(`UPDATE own_games SET enabled = draw_type IN ('UUFFC', 'CQSSC')`);
  issueNumber = `KEYS${process.pid}`;
  const now = server.ctx.clock.now();
  await pool().query(
    `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state)
     VALUES ('UUFFC', $1, '2026-11-22', 900002, to_timestamp($2 / 1000.0), to_timestamp($3 / 1000.0), to_timestamp($3 / 1000.0), 'OPEN')`,
    [issueNumber, now - 60_000, now + 24 * 3_600_000],
  );
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  server.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), ...MUTATION_HEADERS }, ...(payload === undefined ? {} : { payload: payload as object }) });

const regular = (overrides: Record<string, unknown> = {}, bet: Record<string, unknown> = {}) => ({
  drawType: 'UUFFC',
  playMode: 'REGULAR',
  issueNumber,
  bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1, ...bet }],
  ...overrides,
});
const autobetBody = (overrides: Record<string, unknown> = {}) => ({
  drawType: 'UUFFC',
  playMode: 'REGULAR',
  bets: [{ methodId: 'ZX5', selection: { rows: [[0, 1], [0], [0], [0], [0]] }, mode: 'LI', multiplier: 1 }],
  plan: { kind: 'SAME', issues: 3, multiplier: 1 },
  stopOnWin: false,
  ...overrides,
});
const ordersUnder = async (clientKey: string) => Number((await pool().query('SELECT count(*) FROM orders WHERE client_key = $1', [clientKey])).rows[0].count);
const balanceOf = async (cookie: string) => (await call('GET', '/ajax/wallet/main-wallet-balance', cookie)).json().balance as number;

describe('anonymous calls get 401 before validation', () => {
  // Each input is one the route's schema refuses (400 for a player).
  const badCalls: [Method, string, unknown?][] = [
    ['POST', '/ajax/orders', { drawType: 42 }],
    ['POST', '/ajax/orders', { ...regular(), clientKey: 'short\u0000' }],
    ['GET', '/ajax/orders?page=zero&pageSize=1000'],
    ['GET', '/ajax/orders/not-a-number'],
    ['PUT', '/ajax/orders/not-a-number/cancel'],
    ['PUT', '/ajax/instant-seed/rotate', { clientSeed: '' }],
    ['POST', '/ajax/autobet', { plan: 'all of them' }],
    ['GET', '/ajax/autobet?tab=nope'],
    ['GET', '/ajax/autobet/not-a-number'],
    ['PUT', '/ajax/autobet/not-a-number/stop'],
    ['POST', '/ajax/favorite-game', { drawType: 'not a game' }],
    ['DELETE', '/ajax/favorite-game'],
  ];

  it('the input is refused with 400 to a player (so the anonymous 401 below comes first)', async () => {
    const player = await loginCookie(server.app, 'demo_member1');
    for (const [method, url, payload] of badCalls) {
      expect((await call(method, url, player, payload)).statusCode, `${method} ${url}`).toBe(400);
    }
  });

  it('with no cookie, and with the cookie of no session', async () => {
    for (const cookie of [undefined, 'jinli_session=not-a-session-token']) {
      for (const [method, url, payload] of badCalls) {
        const response = await call(method, url, cookie, payload);
        expect(response.statusCode, `${method} ${url} ${cookie ?? ''}`).toBe(401);
        expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: '请先登录' });
      }
    }
  });

  it('a trial account is told it cannot use autobet before its query is read', async () => {
    const trial = await loginCookie(server.app, 'demo_trial');
    const response = await call('GET', '/ajax/autobet?tab=nope', trial);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'TRIAL_FORBIDDEN', message: '试玩账号不能追号' });
  });
});

describe('personal reads are never stored by a cache', () => {
  it('orders, an order, the instant seed, autobets, an autobet and the favourites answer Cache-Control: no-store', async () => {
    const cookie = await loginCookie(server.app, 'demo_player');
    const placed = await call('POST', '/ajax/orders', cookie, { clientKey: randomUUID(), ...regular() });
    expect(placed.statusCode, placed.body).toBe(200);
    const created = await call('POST', '/ajax/autobet', cookie, { clientKey: randomUUID(), ...autobetBody() });
    expect(created.statusCode, created.body).toBe(200);
    const reads = [
      '/ajax/orders',
      `/ajax/orders/${placed.json().order.orderId}`,
      '/ajax/instant-seed',
      '/ajax/autobet',
      `/ajax/autobet/${created.json().autobetId}`,
      '/ajax/favorite-game',
    ];
    for (const url of reads) {
      const response = await call('GET', url, cookie);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('a reused order key', () => {
  it('with another order answers 409 and places nothing; with the same order answers that order', async () => {
    const cookie = await loginCookie(server.app, 'demo_member2');
    const clientKey = randomUUID();
    const first = await call('POST', '/ajax/orders', cookie, { clientKey, ...regular() });
    expect(first.statusCode, first.body).toBe(200);
    const orderId = first.json().order.orderId;
    const balance = await balanceOf(cookie);

    const others = [
      regular({}, { selection: { rows: [[9], [2], [3], [4], [5]] } }),
      regular({}, { multiplier: 2 }),
      regular({}, { mode: 'JIAO' }),
      regular({}, { prizeGroup: 1800 }),
      regular({ issueNumber: `${issueNumber}9` }),
      regular({ drawType: 'CQSSC' }),
      // Refused by the engine, so placed by the general path: its replay check refuses it the same way.
      regular({}, { selection: { rows: [[1], [2]] } }),
    ];
    for (const other of others) {
      const response = await call('POST', '/ajax/orders', cookie, { clientKey, ...other });
      expect(response.statusCode, JSON.stringify(other)).toBe(409);
      expect(response.json()).toEqual({ code: 'CONFLICT', message: KEY_REUSED });
    }
    expect(await balanceOf(cookie)).toBe(balance);
    expect(await ordersUnder(clientKey)).toBe(1);

    const again = await call('POST', '/ajax/orders', cookie, { clientKey, ...regular() });
    expect(again.statusCode).toBe(200);
    expect(again.json().order.orderId).toBe(orderId);
    expect(await balanceOf(cookie)).toBe(balance);
  });

  it('an autobet entry’s key is refused for a player’s own order (it would stand in for the entry)', async () => {
    const cookie = await loginCookie(server.app, 'demo_member2');
    const clientKey = 'autobet:1:1';
    const response = await call('POST', '/ajax/orders', cookie, { clientKey, ...regular() });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe('订单标识格式不正确');
    expect(await ordersUnder(clientKey)).toBe(0);
  });

  it('two different orders sent at once under one new key: one is placed, the other gets 409', async () => {
    const cookie = await loginCookie(server.app, 'demo_agent');
    const balance = await balanceOf(cookie);
    const clientKey = randomUUID();
    const responses = await Promise.all([
      call('POST', '/ajax/orders', cookie, { clientKey, ...regular() }),
      call('POST', '/ajax/orders', cookie, { clientKey, ...regular({}, { multiplier: 3 }) }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const placed = responses.find((r) => r.statusCode === 200)!.json();
    expect(await ordersUnder(clientKey)).toBe(1);
    expect(await balanceOf(cookie)).toBe(balance - placed.order.totalStake);
  });

  it('the same order sent again after the player’s prize group changed is still that order', async () => {
    const cookie = await loginCookie(server.app, 'demo_primary');
    const clientKey = randomUUID();
    const first = await call('POST', '/ajax/orders', cookie, { clientKey, ...regular() });
    expect(first.statusCode, first.body).toBe(200);
    await pool().query(`UPDATE customers SET prize_group = prize_group - 50 WHERE username = 'demo_primary'`);
    const again = await call('POST', '/ajax/orders', cookie, { clientKey, ...regular() });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order.orderId).toBe(first.json().order.orderId);
    expect(await ordersUnder(clientKey)).toBe(1);
  });

  it('an autobet key with another plan answers 409; with the same plan, that autobet', async () => {
    const cookie = await loginCookie(server.app, 'demo_member1');
    const clientKey = randomUUID();
    const first = await call('POST', '/ajax/autobet', cookie, { clientKey, ...autobetBody() });
    expect(first.statusCode, first.body).toBe(200);
    for (const other of [autobetBody({ plan: { kind: 'SAME', issues: 4, multiplier: 1 } }), autobetBody({ stopOnWin: true })]) {
      const response = await call('POST', '/ajax/autobet', cookie, { clientKey, ...other });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 'CONFLICT', message: AUTOBET_KEY_REUSED });
    }
    const again = await call('POST', '/ajax/autobet', cookie, { clientKey, ...autobetBody() });
    expect(again.statusCode).toBe(200);
    expect(again.json().autobetId).toBe(first.json().autobetId);
    expect(Number((await pool().query('SELECT count(*) FROM autobets WHERE client_key = $1', [clientKey])).rows[0].count)).toBe(1);
  });
});

import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProtectionStatusSchema } from '../../src/shared/api/accounts.ts';
import type { WalletTransactionType } from '../../src/shared/enums.ts';
import { yuan } from '../../src/shared/money.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { registerErrorHandling } from '../../src/server/http/errors.ts';
import { assertMayBet, assertMayDeposit } from '../../src/server/protection/index.ts';
import { periodStart } from '../../src/server/protection/periods.ts';
import { requireAccess, requireSession } from '../../src/server/session/access.ts';
import { playerAccountId, postTransfer, systemAccountId } from '../../src/server/wallet/ledger.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { call, createCustomer, login } from './accounts-support.ts';

let server: TestServer;
// Order placement is another domain's; a probe route calls the guard exactly as it will.
const probe = Fastify();
beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_PER_MINUTE: '1000' });
  // A deposit endpoint that exists only in this test and never calls the guard itself: the rule
  // of the path must stop it all the same.
  server.app.post('/ajax/wallet/deposit/probe-method', async () => ({ ok: true }));
  registerErrorHandling(probe);
  await probe.register(fastifyCookie);
  probe.post<{ Body: { stake: number } }>('/probe/bet', { preHandler: requireAccess(server.ctx, { tier: 'loggedIn' }) }, async (request) => {
    const session = await requireSession(server.ctx, request);
    await withTransaction(server.db.database.pool, (client) => assertMayBet(client, session.customer.id, { stake: request.body.stake }));
    return { ok: true };
  });
});
afterAll(async () => {
  await probe.close();
  await server.close();
});

let counter = 0;
async function player() {
  const username = `protect_${String(counter++).padStart(3, '0')}`;
  const id = await createCustomer(server, { username, password: 'abc12345' });
  return { id, cookie: await login(server, username, 'abc12345') };
}

async function move(customerId: number, type: WalletTransactionType, amountToPlayer: number) {
  const pool = server.db.database.pool;
  await withTransaction(pool, async (client) => {
    const wallet = await playerAccountId(client, customerId);
    const other = await systemAccountId(client, type === 'DEP' ? 'external:deposits' : 'house:test', type === 'DEP' ? 'EXTERNAL' : 'HOUSE');
    await postTransfer(client, {
      idempotencyKey: `test:${customerId}:${type}:${Math.random()}`,
      type,
      legs: [
        { accountId: other, amount: -amountToPlayer },
        { accountId: wallet, amount: amountToPlayer },
      ],
    });
  });
}

const setLimit = (cookie: string, body: unknown) => call(server, 'PUT', '/ajax/protection/limits', { cookie, payload: body });
const status = async (cookie: string) => ProtectionStatusSchema.parse((await call(server, 'GET', '/ajax/protection', { cookie })).json());
const limitOf = (s: Awaited<ReturnType<typeof status>>, kind: string, period: string) => s.limits.find((l) => l.kind === kind && l.period === period)!;

describe('limit input', () => {
  it('refuses invalid limits with Chinese messages and stores nothing', async () => {
    const { cookie } = await player();
    const cases: [unknown, string][] = [
      [{ kind: 'DEPOSIT', period: 'DAILY', amount: 0 }, '限额不能低于 1 元'],
      [{ kind: 'DEPOSIT', period: 'DAILY', amount: yuan(100_000_001) }, '限额不能高于 100000000 元'],
      [{ kind: 'DEPOSIT', period: 'DAILY', amount: 1.5 }, '请输入有效的限额'],
      [{ kind: 'DEPOSIT', period: 'DAILY', amount: '100' }, '请输入有效的限额'],
      [{ kind: 'WAGER', period: 'DAILY', amount: yuan(1) }, '请选择限额类型'],
      [{ kind: 'LOSS', period: 'YEARLY', amount: yuan(1) }, '请选择限额周期'],
    ];
    for (const [body, message] of cases) expect((await setLimit(cookie, body)).json()).toMatchObject({ code: 'VALIDATION', message });
    expect((await server.db.database.pool.query('SELECT 1 FROM protection_limits')).rowCount).toBe(0);
  });
});

describe('deposit and loss limits', () => {
  it('lowers at once, raises only after 24 hours, and a lowering cancels a pending raise', async () => {
    const { id, cookie } = await player();
    await setLimit(cookie, { kind: 'DEPOSIT', period: 'DAILY', amount: yuan(1000) });
    expect(limitOf(await status(cookie), 'DEPOSIT', 'DAILY')).toMatchObject({ amount: yuan(1000), pending: null });

    const raised = limitOf(ProtectionStatusSchema.parse((await setLimit(cookie, { kind: 'DEPOSIT', period: 'DAILY', amount: yuan(2000) })).json()), 'DEPOSIT', 'DAILY');
    expect(raised.amount).toBe(yuan(1000));
    expect(raised.pending!.amount).toBe(yuan(2000));
    expect(raised.pending!.effectiveAt - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    // Still the old limit until then.
    await expect(assertMayDeposit(server.db.database.pool, id, { amount: yuan(1500) })).rejects.toMatchObject({
      statusCode: 403,
      message: '已达到每日充值限额（¥1000.00），本期还可充值 ¥1000.00',
    });
    // 25 hours later the raise is in force.
    const later = new Date(Date.now() + 25 * 3_600_000);
    await expect(assertMayDeposit(server.db.database.pool, id, { amount: yuan(1500), now: later })).resolves.toBeUndefined();
    expect(limitOf(await status(cookie), 'DEPOSIT', 'DAILY')).toMatchObject({ amount: yuan(2000), pending: null });

    await setLimit(cookie, { kind: 'DEPOSIT', period: 'DAILY', amount: yuan(3000) });
    await setLimit(cookie, { kind: 'DEPOSIT', period: 'DAILY', amount: yuan(500) });
    expect(limitOf(await status(cookie), 'DEPOSIT', 'DAILY')).toMatchObject({ amount: yuan(500), pending: null });

    // Removing a limit is a raise too.
    const removing = limitOf(ProtectionStatusSchema.parse((await setLimit(cookie, { kind: 'DEPOSIT', period: 'DAILY', amount: null })).json()), 'DEPOSIT', 'DAILY');
    expect(removing).toMatchObject({ amount: yuan(500), pending: { amount: null } });
    const audit = await server.db.database.pool.query('SELECT action FROM protection_audit WHERE customer_id = $1 ORDER BY id', [id]);
    expect(audit.rows.map((r) => r.action)).toEqual([
      'LIMIT_LOWERED', 'LIMIT_RAISE_REQUESTED', 'LIMIT_RAISE_APPLIED', 'LIMIT_RAISE_REQUESTED', 'LIMIT_LOWERED', 'LIMIT_RAISE_REQUESTED',
    ]);
  });

  it('counts deposits of the period from the ledger', async () => {
    const { id, cookie } = await player();
    await setLimit(cookie, { kind: 'DEPOSIT', period: 'WEEKLY', amount: yuan(500) });
    await move(id, 'DEP', yuan(300));
    expect(limitOf(await status(cookie), 'DEPOSIT', 'WEEKLY').used).toBe(yuan(300));
    await expect(assertMayDeposit(server.db.database.pool, id, { amount: yuan(200) })).resolves.toBeUndefined();
    await expect(assertMayDeposit(server.db.database.pool, id, { amount: yuan(201) })).rejects.toMatchObject({ statusCode: 403 });
  });

  it('measures net loss as BET − WIN − REB − REF and refuses a stake that could pass the loss limit', async () => {
    const { id, cookie } = await player();
    await move(id, 'DEP', yuan(1000));
    await setLimit(cookie, { kind: 'LOSS', period: 'DAILY', amount: yuan(100) });
    await move(id, 'BET', -yuan(200));
    await move(id, 'WIN', yuan(90));
    await move(id, 'REB', yuan(5));
    await move(id, 'REF', yuan(45));
    // 200 − 90 − 5 − 45 = 60 lost today.
    expect(limitOf(await status(cookie), 'LOSS', 'DAILY').used).toBe(yuan(60));
    const pool = server.db.database.pool;
    await expect(assertMayBet(pool, id, { stake: yuan(40) })).resolves.toBeUndefined();
    await expect(assertMayBet(pool, id, { stake: yuan(41) })).rejects.toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: '已达到每日亏损限额（¥100.00），本期还可投注 ¥40.00',
    });
    const viaRoute = await probe.inject({ method: 'POST', url: '/probe/bet', headers: { cookie }, payload: { stake: yuan(41) } });
    expect(viaRoute.statusCode).toBe(403);
    expect((await probe.inject({ method: 'POST', url: '/probe/bet', headers: { cookie }, payload: { stake: yuan(10) } })).json()).toEqual({ ok: true });
    // Tomorrow (Beijing) the daily loss starts again.
    const tomorrow = new Date(periodStart('DAILY', new Date()).getTime() + 86_400_000 + 60_000);
    await expect(assertMayBet(pool, id, { stake: yuan(99), now: tomorrow })).resolves.toBeUndefined();
  });
});

describe('cooling-off and self-exclusion', () => {
  it('a cooling-off blocks bets and deposits until it ends and cannot be shortened', async () => {
    const { id, cookie } = await player();
    const set = ProtectionStatusSchema.parse((await call(server, 'PUT', '/ajax/protection/cooling-off', { cookie, payload: { weeks: 2 } })).json());
    expect(set.blocked).toBe(true);
    const until = set.coolingOffUntil!;
    expect(until - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
    const shorter = ProtectionStatusSchema.parse((await call(server, 'PUT', '/ajax/protection/cooling-off', { cookie, payload: { weeks: 1 } })).json());
    expect(shorter.coolingOffUntil).toBe(until);
    await expect(assertMayBet(server.db.database.pool, id)).rejects.toMatchObject({ message: expect.stringMatching(/^您正处于冷静期，\d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）前不能投注或充值$/) });
    await expect(assertMayDeposit(server.db.database.pool, id)).rejects.toMatchObject({ statusCode: 403 });
    await expect(assertMayBet(server.db.database.pool, id, { now: new Date(until + 1000) })).resolves.toBeUndefined();
    for (const weeks of [0, 7, 1.5]) {
      expect((await call(server, 'PUT', '/ajax/protection/cooling-off', { cookie, payload: { weeks } })).json()).toMatchObject({ message: '冷静期可选 1~6 周' });
    }
  });

  it('a self-excluded player can still log in and read, but cannot bet or deposit until the end date', async () => {
    const { id, cookie } = await player();
    const set = ProtectionStatusSchema.parse((await call(server, 'PUT', '/ajax/protection/self-exclusion', { cookie, payload: { months: 6 } })).json());
    const until = set.selfExcludedUntil!;
    expect(until - Date.now()).toBeGreaterThan(180 * 86_400_000);
    const { username } = (await server.db.database.pool.query('SELECT username FROM customers WHERE id = $1', [id])).rows[0];
    const fresh = await login(server, username, 'abc12345');
    expect((await call(server, 'GET', '/ajax/wallet/main-wallet-balance', { cookie: fresh })).statusCode).toBe(200);
    const bet = await probe.inject({ method: 'POST', url: '/probe/bet', headers: { cookie: fresh }, payload: { stake: yuan(1) } });
    expect(bet.statusCode).toBe(403);
    expect(bet.json().message).toMatch(/^您已申请自我排除，\d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）前不能投注或充值$/);
    await expect(assertMayDeposit(server.db.database.pool, id, { amount: yuan(1) })).rejects.toMatchObject({ statusCode: 403 });
    await expect(assertMayBet(server.db.database.pool, id, { now: new Date(until + 1000) })).resolves.toBeUndefined();
    for (const months of [5, 61]) {
      expect((await call(server, 'PUT', '/ajax/protection/self-exclusion', { cookie, payload: { months } })).json()).toMatchObject({ message: '自我排除期可选 6~60 个月' });
    }
  });
});

describe('reality check', () => {
  it('stores the interval and reports the session net result', async () => {
    const { id, cookie } = await player();
    await move(id, 'DEP', yuan(100));
    await move(id, 'BET', -yuan(30));
    await move(id, 'WIN', yuan(50));
    const set = ProtectionStatusSchema.parse((await call(server, 'PUT', '/ajax/protection/reality-check', { cookie, payload: { minutes: 30 } })).json());
    expect(set.realityCheckMinutes).toBe(30);
    expect(set.session.netResult).toBe(yuan(20));
    expect((await call(server, 'PUT', '/ajax/protection/reality-check', { cookie, payload: { minutes: 7 } })).json()).toMatchObject({ message: '请选择有效的提醒间隔' });
    expect((await status(cookie)).realityCheckMinutes).toBe(30);
    expect(ProtectionStatusSchema.parse((await call(server, 'PUT', '/ajax/protection/reality-check', { cookie, payload: { minutes: null } })).json()).realityCheckMinutes).toBeNull();
  });
});

describe('the deposit guard is a rule of the path', () => {
  const deposit = (cookie?: string) => call(server, 'POST', '/ajax/wallet/deposit/probe-method', { ...(cookie ? { cookie } : {}), payload: {} });

  it('lets a player without limits or blocks through', async () => {
    const { cookie } = await player();
    expect((await deposit(cookie)).json()).toEqual({ ok: true });
  });

  it('stops any route under the deposit prefixes during a cooling-off, before the route runs', async () => {
    const { cookie } = await player();
    await call(server, 'PUT', '/ajax/protection/cooling-off', { cookie, payload: { weeks: 1 } });
    const refused = await deposit(cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/^您正处于冷静期，.*前不能投注或充值$/) });
    // A deposit route that does not exist yet is refused just the same.
    const later = await call(server, 'PUT', '/ajax/deposit/some/later/route', { cookie, payload: {} });
    expect(later.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/^您正处于冷静期/) });
    // Reads stay open.
    expect((await call(server, 'GET', '/ajax/wallet/deposit/probe-method', { cookie })).json().message).not.toMatch(/冷静期/);
  });

  it('stops a player whose deposit limit is reached', async () => {
    const { id, cookie } = await player();
    await setLimit(cookie, { kind: 'DEPOSIT', period: 'DAILY', amount: yuan(100) });
    await move(id, 'DEP', yuan(100));
    const refused = await deposit(cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^已达到每日充值限额/);
  });

  it('leaves anonymous requests to the route', async () => {
    expect((await deposit()).json()).toEqual({ ok: true });
  });
});

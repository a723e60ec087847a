import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurrentCustomerSchema } from '../../src/shared/api/session.ts';
import { DEMO_REGISTRATION_ID } from '../../src/server/db/seed.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { trialRestrictionFor } from '../../src/server/session/access.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { call, sessionCookieOf } from './accounts-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRIAL_PER_ADDRESS_PER_HOUR: '3', TRIAL_FUNDS_YUAN: '2000' });
});
afterAll(() => server.close());

describe('trial accounts', () => {
  it('creates a USER_TEST player with demo funds from a TRIAL transfer and logs it in', async () => {
    const response = await call(server, 'POST', '/ajax/trial', { payload: { registrationId: DEMO_REGISTRATION_ID }, ip: '10.2.0.1' });
    expect(response.statusCode).toBe(200);
    const customer = CurrentCustomerSchema.parse(response.json());
    expect(customer).toMatchObject({ testMode: 'USER_TEST', type: 'PLAYER', firstLogin: false, registrationLinkId: DEMO_REGISTRATION_ID });
    expect(customer.name).toMatch(/^sw[a-z0-9]{8}$/);
    const cookie = sessionCookieOf(response);
    const balance = await call(server, 'GET', '/ajax/wallet/main-wallet-balance', { cookie });
    expect(balance.json()).toEqual({ balance: 2000 * 10_000 });
    const transfer = await server.db.database.pool.query(
      `SELECT t.type, a.code FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
        WHERE t.idempotency_key = (SELECT 'trial:' || id || ':funds' FROM customers WHERE username = $1) AND e.amount < 0`,
      [customer.name],
    );
    expect(transfer.rows).toEqual([{ type: 'TRIAL', code: 'external:trial-funding' }]);
    expect((await reconcile(server.db.database.pool)).ok).toBe(true);
  });

  it('cannot be logged into with a password', async () => {
    const response = await call(server, 'POST', '/ajax/trial', { payload: { registrationId: DEMO_REGISTRATION_ID }, ip: '10.2.0.2' });
    const name = response.json().name as string;
    const login = await call(server, 'PUT', '/ajax/login', { payload: { username: name, password: '!trial-account-without-password' } });
    expect(login.statusCode).toBe(401);
  });

  it('is limited per address', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await call(server, 'POST', '/ajax/trial', { payload: { registrationId: DEMO_REGISTRATION_ID }, ip: '10.2.0.9' })).statusCode).toBe(200);
    }
    const refused = await call(server, 'POST', '/ajax/trial', { payload: { registrationId: DEMO_REGISTRATION_ID }, ip: '10.2.0.9' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: '试玩账号申请过于频繁，请稍后再试' });
  });

  it('refuses a malformed body with the Chinese message and creates nothing', async () => {
    const count = async () => (await server.db.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM customers')).rows[0]!.n;
    const before = await count();
    for (const payload of [{}, { registrationId: '' }, { registrationId: 42 }, { registrationId: 'x'.repeat(65) }, [DEMO_REGISTRATION_ID], null]) {
      const response = await call(server, 'POST', '/ajax/trial', { payload, ip: '10.2.0.4' });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message: '提交的数据格式有误' });
    }
    expect(await count()).toBe(before);
  });

  it('needs a registration link that exists', async () => {
    const response = await call(server, 'POST', '/ajax/trial', { payload: { registrationId: 'nope' }, ip: '10.2.0.3' });
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: '注册链接不存在或已失效' });
  });
});

describe('behind the documented proxy (TRUST_PROXY=true: one hop, HAProxy appending the address it saw)', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({ TRUST_PROXY: 'true', TRIAL_PER_ADDRESS_PER_HOUR: '3' });
  });
  afterAll(() => proxied.close());

  const trialVia = (forwardedFor: string | undefined, remoteAddress = '127.0.0.1') =>
    proxied.app.inject({
      method: 'POST',
      url: '/ajax/trial',
      remoteAddress,
      headers: { ...MUTATION_HEADERS, ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }) },
      payload: { registrationId: DEMO_REGISTRATION_ID },
    });

  it('counts trial accounts per real client address, whatever X-Forwarded-For the client itself sends', async () => {
    // A header the client sent stays in front of the address the proxy appends (without HAProxy's del-header).
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await trialVia(`198.51.100.${i + 1}, 203.0.113.7`)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429, 429]);
    // Another real client behind the same proxy has its own count; so has the proxy's own address.
    expect((await trialVia('203.0.113.8')).statusCode).toBe(200);
    expect((await trialVia(undefined)).statusCode).toBe(200);
  });

  it('takes the address the proxy saw as the client address of the session and the login history', async () => {
    const response = await trialVia('10.9.9.9, 203.0.113.20');
    const stored = await proxied.db.database.pool.query<{ ip: string }>(
      'SELECT s.ip FROM sessions s JOIN customers c ON c.id = s.customer_id WHERE c.username = $1',
      [response.json().name],
    );
    expect(stored.rows).toEqual([{ ip: '203.0.113.20' }]);
  });
});

describe('the trial rule of spec §6, before routing: refused even where no endpoint exists yet', () => {
  const refused: [string, string, string][] = [
    ['POST', '/ajax/wallet/deposit', '充值'],
    ['POST', '/ajax/wallet/deposit/alipay', '充值'],
    ['PUT', '/ajax/wallet/withdrawal', '提现'],
    ['POST', '/ajax/wallet/withdrawal/usdt', '提现'],
    ['POST', '/ajax/wallet/transfer', '转账'],
    ['PUT', '/ajax/wallet/third-party/AG/transfer-in', '转账'],
    ['POST', '/ajax/bank-card', '绑定银行卡'],
    ['DELETE', '/ajax/bank-card/3', '绑定银行卡'],
    ['POST', '/ajax/autobet', '追号'],
    ['PUT', '/ajax/rebate/series', '调整返点'],
    ['PUT', '/ajax/income-config', '调整返点'],
    ['POST', '/ajax/favorite-game', '收藏游戏'],
    ['DELETE', '/ajax/favorite-game', '收藏游戏'],
    ['POST', '/ajax/campaign/12/claim', '参加活动'],
    ['POST', '/ajax/red-packet/7/claim', '领取红包'],
    ['POST', '/ajax/wallet/%64eposit', '充值'],
  ];
  let trial: string;
  let player: string;
  beforeAll(async () => {
    trial = await loginCookie(server.app, 'demo_trial');
    player = await loginCookie(server.app, 'demo_player');
  });

  for (const [method, path, operation] of refused) {
    it(`${method} ${path} → 试玩账号不能${operation}`, async () => {
      const response = await call(server, method as 'POST', path, { cookie: trial, payload: {} });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'TRIAL_FORBIDDEN', message: `试玩账号不能${operation}` });
    });
  }

  it('lets a real player through to routing (404 where nothing exists yet) and leaves reads alone', async () => {
    expect((await call(server, 'POST', '/ajax/wallet/transfer', { cookie: player, payload: {} })).statusCode).toBe(404);
    // The deposit endpoint exists: a player's empty body reaches its validation.
    expect((await call(server, 'POST', '/ajax/wallet/deposit', { cookie: player, payload: {} })).statusCode).toBe(400);
    // The favourites endpoint exists: a player's empty body reaches its validation.
    expect((await call(server, 'POST', '/ajax/favorite-game', { cookie: player, payload: {} })).statusCode).toBe(400);
    expect((await call(server, 'GET', '/ajax/favorite-game', { cookie: trial })).statusCode).toBe(200);
    expect((await call(server, 'GET', '/ajax/wallet/main-wallet-balance', { cookie: trial })).statusCode).toBe(200);
    // Anonymous callers are not the trial rule's business.
    expect((await call(server, 'POST', '/ajax/wallet/transfer', { payload: {} })).statusCode).toBe(404);
  });

  it('matches whole path segments only', () => {
    expect(trialRestrictionFor('POST', '/ajax/wallet/depositor')).toBeNull();
    expect(trialRestrictionFor('POST', '/ajax/autobet?x=1')?.operation).toBe('追号');
    expect(trialRestrictionFor('GET', '/ajax/autobet')).toBeNull();
  });

  it('keeps trial accounts from sending codes and changing passwords', async () => {
    const code = await call(server, 'POST', '/ajax/customer/phone/send', { cookie: trial, payload: { phone: '13800000000' } });
    expect(code.json()).toEqual({ code: 'TRIAL_FORBIDDEN', message: '试玩账号不能获取验证码' });
    const money = await call(server, 'PUT', '/ajax/customer/money-password', { cookie: trial, payload: {} });
    expect(money.json()).toEqual({ code: 'TRIAL_FORBIDDEN', message: '试玩账号不能设置资金密码' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurrentCustomerSchema } from '../../src/shared/api/session.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { knownCaptcha } from './accounts-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_CAPTCHA_AFTER_FAILURES: '3', LOGIN_MAX_FAILURES: '10', LOGIN_LOCK_MINUTES: '15' });
});
afterAll(() => server.close());

const login = (username: string, password: string, headers: Record<string, string> = MUTATION_HEADERS, captcha?: Record<string, string>) =>
  server.app.inject({ method: 'PUT', url: '/ajax/login', headers, payload: { username, password, ...captcha } });
const solvedCaptcha = async () => ({ captchaId: await knownCaptcha(server, 'AB23'), captcha: 'AB23' });

describe('session', () => {
  it('is anonymous without a cookie', async () => {
    const response = await server.app.inject({ url: '/ajax/current-customer' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it('logs in with an HttpOnly, SameSite=Lax cookie and returns the spec §3.1 customer', async () => {
    const response = await login('demo_player', 'demo1234');
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'jinli_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.value.length).toBeGreaterThanOrEqual(43);

    const me = await server.app.inject({ url: '/ajax/current-customer', headers: { cookie: `jinli_session=${cookie.value}` } });
    const customer = CurrentCustomerSchema.parse(me.json());
    expect(customer).toMatchObject({ name: 'demo_player', alias: '锦鲤玩家', type: 'PLAYER', testMode: null, vipLevel: 'VIP_1' });
    expect(Object.keys(customer).sort()).toEqual(
      ['alias', 'avatarImage', 'birthday', 'firstLogin', 'firstLoginContactRequired', 'name', 'prizeGroup', 'registrationLinkId', 'testMode', 'type', 'vipLevel'],
    );
  });

  it('logs in case-insensitively and stores only a hash of the token', async () => {
    const response = await login('DEMO_Agent', 'demo1234');
    expect(response.statusCode).toBe(200);
    const token = response.cookies.find((c) => c.name === 'jinli_session')!.value;
    const stored = await server.db.database.pool.query<{ token_hash: Buffer }>('SELECT token_hash FROM sessions');
    expect(stored.rows.every((r) => !r.token_hash.toString('utf8').includes(token))).toBe(true);
    expect(stored.rows.every((r) => r.token_hash.length === 32)).toBe(true);
  });

  it('refuses a mutating request without the custom header or from another origin', async () => {
    const missing = await login('demo_player', 'demo1234', {});
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ code: 'CSRF', message: '请求来源无效，请刷新页面后重试' });
    const crossOrigin = await login('demo_player', 'demo1234', { ...MUTATION_HEADERS, origin: 'https://evil.example' });
    expect(crossOrigin.statusCode).toBe(403);
    const sameOrigin = await login('demo_player', 'demo1234', { ...MUTATION_HEADERS, origin: 'http://localhost:80', host: 'localhost:80' });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown user with the same message', async () => {
    const wrong = await login('demo_member1', 'not-the-password');
    const unknown = await login('nobody_here', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ code: 'BAD_CREDENTIALS', message: '账号或密码错误' });
  });

  it('asks for a captcha after three wrong passwords and locks after ten, even for the right password, with a Chinese message', async () => {
    for (let i = 0; i < 2; i++) expect((await login('demo_member2', `wrong-${i}`)).json()).toEqual({ code: 'BAD_CREDENTIALS', message: '账号或密码错误' });
    expect((await login('demo_member2', 'wrong-2')).json()).toEqual({ code: 'CAPTCHA_REQUIRED', message: '账号或密码错误' });
    expect((await login('demo_member2', 'wrong-3')).json()).toEqual({ code: 'CAPTCHA_REQUIRED', message: '验证码不可以为空', fields: { captcha: '验证码不可以为空' } });
    for (let i = 3; i < 9; i++) expect((await login('demo_member2', `wrong-${i}`, MUTATION_HEADERS, await solvedCaptcha())).statusCode).toBe(401);
    const tenth = await login('demo_member2', 'wrong-9', MUTATION_HEADERS, await solvedCaptcha());
    expect(tenth.statusCode).toBe(423);
    expect(tenth.json()).toEqual({ code: 'ACCOUNT_LOCKED', message: '密码错误次数过多，账号已被锁定，请 15 分钟后再试' });
    const right = await login('demo_member2', 'demo1234', MUTATION_HEADERS, await solvedCaptcha());
    expect(right.statusCode).toBe(423);
    // Another account is unaffected.
    expect((await login('demo_primary', 'demo1234')).statusCode).toBe(200);
  });

  it('unlocks once the lock has passed and a success clears the count', async () => {
    await server.db.database.pool.query(
      `UPDATE login_throttle SET locked_until = now() - interval '1 second', last_failed_at = now() - interval '16 minutes'
        WHERE username_key = 'demo_member2'`,
    );
    expect((await login('demo_member2', 'demo1234')).statusCode).toBe(200);
    const rows = await server.db.database.pool.query(`SELECT 1 FROM login_throttle WHERE username_key = 'demo_member2'`);
    expect(rows.rowCount).toBe(0);
  });

  it('invalidates the session on logout: the old cookie no longer works', async () => {
    const cookie = await loginCookie(server.app, 'demo_player');
    const logout = await server.app.inject({ method: 'PUT', url: '/ajax/logout', headers: { cookie, ...MUTATION_HEADERS } });
    expect(logout.statusCode).toBe(200);
    const me = await server.app.inject({ url: '/ajax/current-customer', headers: { cookie } });
    expect(me.json()).toBeNull();
    const balance = await server.app.inject({ url: '/ajax/wallet/main-wallet-balance', headers: { cookie } });
    expect(balance.statusCode).toBe(401);
    expect(balance.json()).toEqual({ code: 'UNAUTHENTICATED', message: '请先登录' });
  });

  it('rejects a malformed login body with a Chinese validation error and changes nothing', async () => {
    const response = await server.app.inject({
      method: 'PUT',
      url: '/ajax/login',
      headers: MUTATION_HEADERS,
      payload: { username: '', password: 5 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('serves the login configuration; registration is open while a registration link is active', async () => {
    const config = async () => (await server.app.inject({ url: '/ajax/login/config' })).json();
    expect(await config()).toEqual({
      captchaRequired: false,
      captchaAfterFailures: 3,
      captchaKind: 'image',
      recaptchaSiteKey: null,
      maxFailedAttempts: 10,
      lockoutMinutes: 15,
      registrationEnabled: true,
    });
    const pool = server.db.database.pool;
    const closed = await pool.query(`UPDATE registration_links SET deleted_at = now() WHERE deleted_at IS NULL RETURNING id`);
    try {
      expect(await config()).toMatchObject({ registrationEnabled: false });
    } finally {
      await pool.query('UPDATE registration_links SET deleted_at = NULL WHERE id = ANY($1)', [closed.rows.map((r) => r.id)]);
    }
    expect(await config()).toMatchObject({ registrationEnabled: true });
  });

  it('stops an address after LOGIN_RATE_PER_MINUTE attempts with a Chinese message', async () => {
    const perMinute = server.ctx.config.loginRatePerMinute;
    // A different name each time: the per-name lock must not be what stops them.
    const attempt = (i: number, remoteAddress = '10.8.0.1') =>
      server.app.inject({ method: 'PUT', url: '/ajax/login', headers: MUTATION_HEADERS, payload: { username: `nobody_${i}`, password: 'x1234567' }, remoteAddress });
    for (let i = 0; i < perMinute; i++) expect((await attempt(i)).statusCode).toBe(401);
    const refused = await attempt(perMinute);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: '登录尝试过于频繁，请稍后再试' });
    // Another address is not affected.
    expect((await attempt(perMinute, '10.8.0.2')).statusCode).toBe(401);
  });

  it('logging in on a browser that holds a session ends that session', async () => {
    const first = await loginCookie(server.app, 'demo_trial');
    const second = await server.app.inject({
      method: 'PUT',
      url: '/ajax/login',
      headers: { ...MUTATION_HEADERS, cookie: first },
      payload: { username: 'demo_player', password: 'demo1234' },
    });
    expect(second.statusCode).toBe(200);
    expect((await server.app.inject({ url: '/ajax/current-customer', headers: { cookie: first } })).json()).toBeNull();
  });
});

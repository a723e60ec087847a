import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptchaSchema, RegisterResponseSchema } from '../../src/shared/api/accounts.ts';
import { DEMO_REGISTRATION_ID } from '../../src/server/db/seed.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { MUTATION_HEADERS } from '../support/http.ts';
import { call, knownCaptcha, sessionCookieOf } from './accounts-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ REGISTER_PER_ADDRESS_PER_HOUR: '3' });
});
afterAll(() => server.close());

const registerUrl = `/ajax/registration-link/${DEMO_REGISTRATION_ID}/register`;
let nextIp = 1;
const freshIp = () => `10.1.0.${nextIp++}`;

async function validBody(overrides: Record<string, unknown> = {}) {
  return {
    username: 'new_player1',
    password: 'abc12345',
    confirmPassword: 'abc12345',
    ageConfirmed: true,
    agreementAccepted: true,
    captchaId: await knownCaptcha(server, 'K7RX'),
    captcha: 'k7rx',
    ...overrides,
  };
}

async function tableCounts() {
  const result = await server.db.database.pool.query<{ customers: number; tokens: number; consents: number }>(
    `SELECT (SELECT count(*)::int FROM customers) AS customers, (SELECT count(*)::int FROM login_tokens) AS tokens,
            (SELECT count(*)::int FROM customer_consents) AS consents`,
  );
  return result.rows[0];
}

describe('captcha', () => {
  it('serves a PNG data URL of a noisy picture, stores only a hash of the answer, and each call is new', async () => {
    const first = CaptchaSchema.parse((await call(server, 'GET', '/ajax/captcha')).json());
    const second = CaptchaSchema.parse((await call(server, 'GET', '/ajax/captcha')).json());
    expect(first.id).not.toBe(second.id);
    expect(first.image).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(first.image.split(',')[1]!, 'base64');
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeGreaterThan(100);
    // No text to read: a PNG holds pixels only.
    expect(png.toString('latin1')).not.toMatch(/<text|<svg/);
    const stored = await server.db.database.pool.query<{ answer_hash: Buffer }>('SELECT answer_hash FROM captcha_challenges WHERE id = $1', [first.id]);
    expect(stored.rows[0]!.answer_hash).toHaveLength(32);
  });

  it('is used up by its first check, right or wrong, and expires', async () => {
    const id = await knownCaptcha(server, 'M4PZ');
    const wrong = await call(server, 'POST', registerUrl, { payload: await validBody({ captchaId: id, captcha: 'AAAA' }), ip: freshIp() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION', message: '验证码错误，请重新输入', fields: { captcha: '验证码错误，请重新输入' } });
    const again = await call(server, 'POST', registerUrl, { payload: await validBody({ captchaId: id, captcha: 'M4PZ' }), ip: freshIp() });
    expect(again.json()).toMatchObject({ message: '验证码已失效，请刷新后重试' });

    const expired = await knownCaptcha(server, 'M4PZ');
    await server.db.database.pool.query(`UPDATE captcha_challenges SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired]);
    const late = await call(server, 'POST', registerUrl, { payload: await validBody({ captchaId: expired, captcha: 'M4PZ' }), ip: freshIp() });
    expect(late.json()).toMatchObject({ message: '验证码已失效，请刷新后重试' });
  });
});

describe('registration data', () => {
  it('says which captcha the form shows', async () => {
    const response = await call(server, 'GET', `/ajax/registration-link/${DEMO_REGISTRATION_ID}`);
    expect(response.json()).toEqual({ id: DEMO_REGISTRATION_ID, recaptchaRequired: false, recaptchaSiteKey: null });
    expect((await call(server, 'GET', '/ajax/registration-link/nope')).json()).toEqual({ code: 'NOT_FOUND', message: '注册链接不存在或已失效' });
  });
});

describe('registration: every invalid input of spec §5 is refused with its message, and nothing is written', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['blank username', { username: '' }, '用户名不可以为空'],
    ['short username', { username: 'abc' }, '用户名由 6~16 位字母、数字或下划线组成'],
    ['username with a hyphen', { username: 'bad-name1' }, '用户名由 6~16 位字母、数字或下划线组成'],
    ['long username', { username: 'a'.repeat(17) }, '用户名由 6~16 位字母、数字或下划线组成'],
    ['blank password', { password: '', confirmPassword: '' }, '密码不可以为空'],
    ['password without digits', { password: 'abcdefgh', confirmPassword: 'abcdefgh' }, '密码由 8~16 位数字字母组成，并同时含数字和字母'],
    ['short password', { password: 'ab1', confirmPassword: 'ab1' }, '密码由 8~16 位数字字母组成，并同时含数字和字母'],
    ['different confirmation', { confirmPassword: 'abc12346' }, '两次输入的密码不一致'],
    ['blank confirmation', { confirmPassword: '' }, '确认密码不可以为空'],
    ['bad QQ', { contact: { type: 'QQ', value: '12a' } }, 'QQ号码由 5~15 位数字组成'],
    ['bad WeChat', { contact: { type: 'WECHAT', value: 'ab' } }, '微信号由 6~20 位字母、数字、_ 或 - 组成'],
    ['contact without a type', { contact: { type: 'PHONE', value: '12345' } }, '请选择联系方式类型'],
    ['age not confirmed', { ageConfirmed: false }, '请确认您已年满 18 周岁'],
    ['agreement missing', { agreementAccepted: undefined }, '请阅读并同意用户协议'],
    ['blank captcha', { captcha: '' }, '验证码不可以为空'],
    ['captcha of 3 characters', { captcha: 'AB2' }, '验证码由 4 位数字或字母组成'],
    ['captcha with a symbol', { captcha: 'AB2!' }, '验证码由 4 位数字或字母组成'],
  ];
  for (const [what, change, message] of cases) {
    it(what, async () => {
      const before = await tableCounts();
      const response = await call(server, 'POST', registerUrl, { payload: await validBody(change), ip: freshIp() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message });
      expect(await tableCounts()).toEqual(before);
    });
  }

  it('refuses a body that is not an object', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: registerUrl,
      headers: { ...MUTATION_HEADERS, 'content-type': 'application/json' },
      payload: '"x"',
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('registering', () => {
  it('creates a player under the link agent, returns alias and a one-time login token', async () => {
    const response = await call(server, 'POST', registerUrl, {
      payload: await validBody({ username: 'Lucky_Carp8', contact: { type: 'WECHAT', value: 'carp-wx_01' } }),
      ip: freshIp(),
    });
    expect(response.statusCode).toBe(200);
    const { alias, loginToken } = RegisterResponseSchema.parse(response.json());
    expect(alias).toBe('Lucky_Carp8');
    const row = await server.db.database.pool.query(
      `SELECT c.type, c.first_login, c.registration_link_id, c.wechat, p.username AS parent, c.password_hash
         FROM customers c JOIN customers p ON p.id = c.parent_id WHERE c.username_key = 'lucky_carp8'`,
    );
    expect(row.rows[0]).toMatchObject({ type: 'PLAYER', first_login: true, registration_link_id: DEMO_REGISTRATION_ID, wechat: 'carp-wx_01', parent: 'demo_agent' });
    expect(row.rows[0].password_hash).toMatch(/^\$argon2id\$/);
    const consents = await server.db.database.pool.query(
      `SELECT kind FROM customer_consents WHERE customer_id = (SELECT id FROM customers WHERE username_key = 'lucky_carp8') ORDER BY kind`,
    );
    expect(consents.rows.map((r) => r.kind)).toEqual(['AGE_18', 'USER_AGREEMENT']);

    // The token is stored only as a hash.
    const tokens = await server.db.database.pool.query<{ token_hash: Buffer }>('SELECT token_hash FROM login_tokens');
    expect(tokens.rows.every((t) => !t.token_hash.toString('latin1').includes(loginToken))).toBe(true);

    const enter = await call(server, 'PUT', '/ajax/login-token', { payload: { token: loginToken } });
    expect(enter.statusCode).toBe(200);
    expect(enter.json()).toMatchObject({ name: 'Lucky_Carp8', firstLogin: true, registrationLinkId: DEMO_REGISTRATION_ID });
    const me = await call(server, 'GET', '/ajax/current-customer', { cookie: sessionCookieOf(enter) });
    expect(me.json()).toMatchObject({ name: 'Lucky_Carp8' });

    const reuse = await call(server, 'PUT', '/ajax/login-token', { payload: { token: loginToken } });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ code: 'BAD_CREDENTIALS', message: '登录凭证无效或已过期，请重新登录' });
  });

  it('refuses an expired login token', async () => {
    const response = await call(server, 'POST', registerUrl, { payload: await validBody({ username: 'late_comer1' }), ip: freshIp() });
    const { loginToken } = response.json();
    await server.db.database.pool.query(`UPDATE login_tokens SET expires_at = now() - interval '1 second'`);
    expect((await call(server, 'PUT', '/ajax/login-token', { payload: { token: loginToken } })).statusCode).toBe(401);
  });

  it('tells a taken username only after the captcha passed, in either letter case, with one generic message', async () => {
    const wrongCaptcha = await call(server, 'POST', registerUrl, { payload: await validBody({ username: 'demo_player', captcha: 'ZZZZ' }), ip: freshIp() });
    expect(wrongCaptcha.json().message).toBe('验证码错误，请重新输入');
    const taken = await call(server, 'POST', registerUrl, { payload: await validBody({ username: 'DEMO_PLAYER' }), ip: freshIp() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'CONFLICT', message: '该用户名不可用', fields: { username: '该用户名不可用' } });
  });

  it('limits registrations per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const ok = await call(server, 'POST', registerUrl, { payload: await validBody({ username: `burst_user${i}` }), ip });
      expect(ok.statusCode).toBe(200);
    }
    const fourth = await call(server, 'POST', registerUrl, { payload: await validBody({ username: 'burst_user9' }), ip });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ code: 'RATE_LIMITED', message: '注册过于频繁，请稍后再试' });
  });

  it('holds the per-address limit under parallel requests', async () => {
    const ip = freshIp();
    const bodies = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map((i) => validBody({ username: `rush_user${i}` })));
    const responses = await Promise.all(bodies.map((payload) => call(server, 'POST', registerUrl, { payload, ip })));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    const created = await server.db.database.pool.query(`SELECT count(*)::int AS n FROM customers WHERE username_key LIKE 'rush_user%'`);
    expect(created.rows[0].n).toBe(3);
  });

  it('counts only registrations: a refused attempt gives its slot back', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) {
      const wrong = await call(server, 'POST', registerUrl, { payload: await validBody({ username: `slot_user${i}`, captcha: 'ZZZZ' }), ip });
      expect(wrong.statusCode).toBe(400);
    }
    const ok = await call(server, 'POST', registerUrl, { payload: await validBody({ username: 'slot_user9' }), ip });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a malformed login-token body with the Chinese message', async () => {
    for (const payload of [{}, { token: '' }, { token: 5 }, { token: 'x'.repeat(129) }, ['token'], null]) {
      const response = await call(server, 'PUT', '/ajax/login-token', { payload, ip: freshIp() });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message: '提交的数据格式有误' });
    }
  });

  it('a login token ends the session the browser had (a trial who registers is no longer the trial)', async () => {
    const trial = await call(server, 'POST', '/ajax/trial', { payload: { registrationId: DEMO_REGISTRATION_ID }, ip: freshIp() });
    const trialCookie = sessionCookieOf(trial);
    const registered = await call(server, 'POST', registerUrl, { payload: await validBody({ username: 'from_trial1' }), ip: freshIp() });
    const enter = await call(server, 'PUT', '/ajax/login-token', { cookie: trialCookie, payload: { token: registered.json().loginToken } });
    expect(enter.statusCode).toBe(200);
    expect((await call(server, 'GET', '/ajax/current-customer', { cookie: trialCookie })).json()).toBeNull();
    expect((await call(server, 'GET', '/ajax/current-customer', { cookie: sessionCookieOf(enter) })).json()).toMatchObject({ name: 'from_trial1' });
    const revoked = await server.db.database.pool.query(
      `SELECT s.revoked_at FROM sessions s JOIN customers c ON c.id = s.customer_id WHERE c.username = $1`,
      [trial.json().name],
    );
    expect(revoked.rows).toHaveLength(1);
    expect(revoked.rows[0].revoked_at).not.toBeNull();
  });

  it('limits login-token attempts per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      expect((await call(server, 'PUT', '/ajax/login-token', { payload: { token: `guess-${i}` }, ip })).statusCode).toBe(401);
    }
    const refused = await call(server, 'PUT', '/ajax/login-token', { payload: { token: 'guess-x' }, ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: '登录尝试过于频繁，请稍后再试' });
  });

  it('refuses registering on a link that is gone', async () => {
    const response = await call(server, 'POST', '/ajax/registration-link/gone/register', { payload: await validBody({ username: 'ghost_user1' }), ip: freshIp() });
    expect(response.statusCode).toBe(404);
  });
});

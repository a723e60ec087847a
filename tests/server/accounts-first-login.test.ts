import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REGISTRATION_ID } from '../../src/server/db/seed.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { call, createCustomer, customerSnapshot, latestCode, login, skipCooldown } from './accounts-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_PER_MINUTE: '1000' });
});
afterAll(() => server.close());

const PASSWORD = 'abc12345';

async function manualCustomer(username: string, contactRequired = false) {
  const id = await createCustomer(server, { username, password: PASSWORD, firstLogin: true, contactRequired });
  return { id, cookie: await login(server, username, PASSWORD) };
}

async function linkCustomer(username: string, contactRequired = false) {
  const id = await createCustomer(server, { username, password: PASSWORD, firstLogin: true, contactRequired, registrationLinkId: DEMO_REGISTRATION_ID });
  return { id, cookie: await login(server, username, PASSWORD) };
}

const firstLogin = (cookie: string, payload: unknown) => call(server, 'PUT', '/ajax/first-login', { cookie, payload });
const sendPhone = (cookie: string, phone: unknown, ip?: string) => call(server, 'POST', '/ajax/customer/phone/send', { cookie, payload: { phone }, ip });
const sendEmail = (cookie: string, email: unknown) => call(server, 'POST', '/ajax/customer/email/send', { cookie, payload: { email } });

describe('sending codes', () => {
  it('validates the phone and e-mail first, with the exact §5 messages, and sends nothing', async () => {
    const { cookie } = await manualCustomer('code_valid1');
    const cases: [() => ReturnType<typeof sendPhone>, string][] = [
      [() => sendPhone(cookie, ''), '手机号码不可以为空'],
      [() => sendPhone(cookie, '2380000000'), '手机号码由 11 位数字组成'],
      [() => sendPhone(cookie, '1380000000a'), '手机号码由 11 位数字组成'],
      [() => sendEmail(cookie, ''), '邮箱不可以为空'],
      [() => sendEmail(cookie, 'not-an-email'), '请输入有效的邮箱地址'],
      [() => sendEmail(cookie, `${'a'.repeat(30)}@qq.com`), '请输入有效的邮箱地址'],
    ];
    for (const [send, message] of cases) {
      const response = await send();
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message });
    }
    const sent = await server.db.database.pool.query('SELECT count(*)::int AS n FROM verification_codes');
    expect(sent.rows[0].n).toBe(0);
  });

  it('sends a 6-digit code through the outbox, stores only its hash, and enforces the 60-second cooldown', async () => {
    const { id, cookie } = await manualCustomer('code_send01');
    const response = await sendPhone(cookie, '13800000001');
    expect(response.json()).toEqual({ ok: true, resendAfterSeconds: 60, expiresInSeconds: 600 });
    const code = await latestCode(server, '13800000001');
    expect(code).toMatch(/^\d{6}$/);
    const stored = await server.db.database.pool.query<{ code_hash: Buffer }>('SELECT code_hash FROM verification_codes WHERE customer_id = $1', [id]);
    expect(stored.rows[0]!.code_hash.toString('latin1')).not.toContain(code);

    const again = await sendPhone(cookie, '13800000001');
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^发送过于频繁，请 \d+ 秒后再试$/);
    // Another channel has its own cooldown.
    expect((await sendEmail(cookie, 'carp@example.com')).statusCode).toBe(200);
    await skipCooldown(server, id);
    expect((await sendPhone(cookie, '13800000001')).statusCode).toBe(200);
  });

  it('caps codes per day per destination, whoever asks', async () => {
    const { cookie } = await manualCustomer('code_daily1');
    // The day's ten codes to this phone, counted by the destination's own counter (reset requests spend it too).
    await server.db.database.pool.query(`INSERT INTO rate_limit_events (bucket, key) SELECT 'code-destination', '13800000077' FROM generate_series(1, 10)`);
    const response = await sendPhone(cookie, '13800000077');
    expect(response.json()).toEqual({ code: 'RATE_LIMITED', message: '今日获取验证码次数已达上限，请明天再试' });
    const stored = await server.db.database.pool.query(`SELECT 1 FROM verification_codes WHERE destination = '13800000077'`);
    expect(stored.rowCount).toBe(0);
  });

  it('holds the per-destination daily cap when many accounts ask for codes to one phone at the same moment', async () => {
    const target = '13800000066';
    const cookies: string[] = [];
    for (let i = 0; i < 14; i++) cookies.push((await manualCustomer(`code_dest${String(i).padStart(2, '0')}`)).cookie);
    const answers = await Promise.all(cookies.map((cookie, i) => sendPhone(cookie, target, `10.3.1.${i + 1}`)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(200), ...Array<number>(4).fill(429)]);
    const sent = await server.db.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_messages WHERE destination = $1', [target]);
    expect(sent.rows[0]!.n).toBe(10);
  });

  it('answers the same for a phone bound to another account (no enumeration)', async () => {
    await createCustomer(server, { username: 'phone_owner', phone: '13800000088' });
    const { cookie } = await manualCustomer('phone_asker');
    const bound = await sendPhone(cookie, '13800000088');
    const { cookie: other } = await manualCustomer('phone_asker2');
    const free = await sendPhone(other, '13800000089');
    expect(bound.statusCode).toBe(200);
    expect(bound.json()).toEqual(free.json());
  });

  it('limits codes per client address', async () => {
    for (let i = 0; i < 30; i++) {
      const { cookie } = await manualCustomer(`code_addr${String(i).padStart(2, '0')}`);
      expect((await sendPhone(cookie, `139000000${String(i).padStart(2, '0')}`, '10.3.0.1')).statusCode).toBe(200);
    }
    const { cookie } = await manualCustomer('code_addr99');
    const refused = await sendPhone(cookie, '13900000099', '10.3.0.1');
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: '获取验证码过于频繁，请稍后再试' });
  }, 60_000);
});

describe('first login, by manual (no registration link)', () => {
  it('refuses each invalid input with its message and changes nothing', async () => {
    const { cookie } = await manualCustomer('manual_bad1', true);
    await sendPhone(cookie, '13800000002');
    const code = await latestCode(server, '13800000002');
    const before = await customerSnapshot(server, 'manual_bad1');
    const valid = { newPassword: 'new12345', phoneVerification: { phone: '13800000002', verificationCode: code }, agreementAccepted: true };
    const cases: [unknown, string][] = [
      [{ ...valid, newPassword: '' }, '密码不可以为空'],
      [{ ...valid, newPassword: 'short1' }, '密码由 8~16 位数字字母组成，并同时含数字和字母'],
      [{ ...valid, newPassword: '12345678' }, '密码由 8~16 位数字字母组成，并同时含数字和字母'],
      [{ ...valid, agreementAccepted: false }, '请阅读并同意用户协议'],
      [{ ...valid, phoneVerification: { phone: '1380000000', verificationCode: code } }, '手机号码由 11 位数字组成'],
      [{ ...valid, phoneVerification: { phone: '13800000002', verificationCode: '12345' } }, '验证码由 6 位数字组成'],
      [{ ...valid, phoneVerification: { phone: '13800000002', verificationCode: '' } }, '验证码不可以为空'],
      [{ ...valid, phoneVerification: undefined }, '请验证手机号码或邮箱'],
      [{ ...valid, phoneVerification: undefined, emailVerification: { email: 'bad', verificationCode: '123456' } }, '请输入有效的邮箱地址'],
      [[1, 2], '提交的数据格式有误'],
    ];
    for (const [payload, message] of cases) {
      const response = await firstLogin(cookie, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message });
    }
    expect(await customerSnapshot(server, 'manual_bad1')).toEqual(before);
  });

  it('sets the new password, binds the verified phone, records the agreement and ends the first login', async () => {
    const { id, cookie } = await manualCustomer('manual_ok1', true);
    await sendPhone(cookie, '13800000003');
    const code = await latestCode(server, '13800000003');
    const response = await firstLogin(cookie, {
      newPassword: 'fresh1234',
      phoneVerification: { phone: '13800000003', verificationCode: code },
      emailVerification: { email: '', verificationCode: '' },
      agreementAccepted: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'manual_ok1', firstLogin: false });
    const row = await customerSnapshot(server, 'manual_ok1');
    expect(row).toMatchObject({ phone: '13800000003', first_login: false });
    expect((await call(server, 'PUT', '/ajax/login', { payload: { username: 'manual_ok1', password: 'fresh1234' } })).statusCode).toBe(200);
    const consent = await server.db.database.pool.query(`SELECT 1 FROM customer_consents WHERE customer_id = $1 AND kind = 'USER_AGREEMENT'`, [id]);
    expect(consent.rowCount).toBe(1);
    // Done once: a second call is refused.
    expect((await firstLogin(cookie, { newPassword: 'fresh1234', agreementAccepted: true })).statusCode).toBe(409);
  });

  it('lets the contact be skipped when it is not required', async () => {
    const { cookie } = await manualCustomer('manual_skip');
    const response = await firstLogin(cookie, { newPassword: 'fresh1234', agreementAccepted: true });
    expect(response.json()).toMatchObject({ firstLogin: false });
  });

  it('leaves no other session of the old password when logins from many connections race the new password', async () => {
    const { id, cookie } = await manualCustomer('manual_race');
    const logins: Promise<{ statusCode: number; body: string }>[] = [];
    let done: { statusCode: number; body: string } | undefined;
    const setting = firstLogin(cookie, { newPassword: 'fresh1234', agreementAccepted: true }).then((answer) => (done = answer));
    for (let i = 0; i < 40 && !done; i++) {
      logins.push(call(server, 'PUT', '/ajax/login', { payload: { username: 'manual_race', password: PASSWORD }, ip: `10.3.2.${i + 1}` }));
      await new Promise((resolve) => setTimeout(resolve, 4));
    }
    await setting;
    const answers = await Promise.all(logins);
    expect(done!.statusCode, done!.body).toBe(200);
    for (const answer of answers) expect([200, 401, 423], answer.body).toContain(answer.statusCode);
    const live = await server.db.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE customer_id = $1 AND revoked_at IS NULL AND expires_at > now()',
      [id],
    );
    // Only the session that set the password.
    expect(live.rows[0]!.n).toBe(1);
  });
});

describe('first login, by link', () => {
  it('can be skipped when contact is not required, without a new password', async () => {
    const { cookie } = await linkCustomer('link_skip1');
    const before = await customerSnapshot(server, 'link_skip1');
    const response = await firstLogin(cookie, { newPassword: '', phoneVerification: { phone: '', verificationCode: '' } });
    expect(response.statusCode).toBe(200);
    const after = await customerSnapshot(server, 'link_skip1');
    expect(after.password_hash).toBe(before.password_hash);
    expect(after.first_login).toBe(false);
  });

  it('needs a verified contact when required, and binds the e-mail', async () => {
    const { cookie } = await linkCustomer('link_need1', true);
    const skipped = await firstLogin(cookie, {});
    expect(skipped.json()).toMatchObject({ code: 'VALIDATION', message: '请验证手机号码或邮箱' });
    await sendEmail(cookie, 'Lucky.Carp@Example.com');
    const code = await latestCode(server, 'lucky.carp@example.com');
    const response = await firstLogin(cookie, { emailVerification: { email: 'Lucky.Carp@Example.com', verificationCode: code } });
    expect(response.statusCode).toBe(200);
    expect(await customerSnapshot(server, 'link_need1')).toMatchObject({ email: 'lucky.carp@example.com', first_login: false });
  });
});

describe('verification codes', () => {
  it('are single use, expire, and burn after 5 wrong tries; a wrong code changes nothing', async () => {
    const { id, cookie } = await linkCustomer('code_rules1', true);
    await sendPhone(cookie, '13800000004');
    const code = await latestCode(server, '13800000004');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const attempt = (verificationCode: string, phone = '13800000004') => firstLogin(cookie, { phoneVerification: { phone, verificationCode } });

    const before = await customerSnapshot(server, 'code_rules1');
    for (let i = 0; i < 4; i++) {
      expect((await attempt(wrongCode)).json()).toMatchObject({ message: '验证码错误', fields: { 'phoneVerification.verificationCode': '验证码错误' } });
    }
    expect((await attempt(wrongCode)).json()).toMatchObject({ message: '验证码错误次数过多，请重新获取' });
    expect((await attempt(code)).json()).toMatchObject({ message: '验证码已失效，请重新获取' });
    expect(await customerSnapshot(server, 'code_rules1')).toEqual(before);

    // A code sent to one number does not verify another.
    await skipCooldown(server, id);
    await sendPhone(cookie, '13800000005');
    const second = await latestCode(server, '13800000005');
    expect((await attempt(second, '13800000006')).json()).toMatchObject({ message: '验证码已失效，请重新获取' });

    // Expired.
    await server.db.database.pool.query(`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE customer_id = $1`, [id]);
    expect((await attempt(second, '13800000005')).json()).toMatchObject({ message: '验证码已失效，请重新获取' });

    // A new code replaces the old one and is used once.
    await skipCooldown(server, id);
    await sendPhone(cookie, '13800000005');
    const third = await latestCode(server, '13800000005');
    expect((await attempt(third, '13800000005')).statusCode).toBe(200);
    const open = await server.db.database.pool.query('SELECT count(*)::int AS n FROM verification_codes WHERE customer_id = $1 AND closed_at IS NULL', [id]);
    expect(open.rows[0].n).toBe(0);
  });

  it('refuses binding a phone that another account holds, only once the code proved ownership', async () => {
    await createCustomer(server, { username: 'holder_one', phone: '13800000010' });
    const { cookie } = await linkCustomer('holder_two', true);
    await sendPhone(cookie, '13800000010');
    const code = await latestCode(server, '13800000010');
    const response = await firstLogin(cookie, { phoneVerification: { phone: '13800000010', verificationCode: code } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'CONFLICT', message: '该手机号码已被其他账号绑定' });
    expect(await customerSnapshot(server, 'holder_two')).toMatchObject({ phone: null, first_login: true });
  });
});

describe('by link: an optional new password is still checked when typed', () => {
  it('refuses a bad one with the password rule and changes nothing', async () => {
    const { cookie } = await linkCustomer('link_badpw1');
    const before = await customerSnapshot(server, 'link_badpw1');
    for (const newPassword of ['short1', '12345678', 'abcdefgh']) {
      const response = await firstLogin(cookie, { newPassword });
      expect(response.statusCode, newPassword).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message: '密码由 8~16 位数字字母组成，并同时含数字和字母' });
    }
    expect(await customerSnapshot(server, 'link_badpw1')).toEqual(before);
  });
});

describe('while the first login is pending, the server refuses every other change', () => {
  const refusal = { code: 'FIRST_LOGIN_REQUIRED', message: '请先完成首次登录设置' };

  it('refuses profile changes, bets and routes that do not exist yet; reads stay open', async () => {
    const { cookie } = await manualCustomer('pending_all1');
    const before = await customerSnapshot(server, 'pending_all1');
    const attempts: [Parameters<typeof call>[1], string, unknown][] = [
      ['PUT', '/ajax/customer/alias', { alias: '新昵称' }],
      ['PUT', '/ajax/customer/qq', { qq: '123456789' }],
      ['PUT', '/ajax/customer/password', { oldPassword: PASSWORD, newPassword: 'new12345', confirmPassword: 'new12345' }],
      ['POST', '/ajax/orders', { drawType: 'CQSSC' }],
      ['PUT', '/ajax/protection/cooling-off', { weeks: 1 }],
      ['POST', '/ajax/some-later-endpoint/42', {}],
      ['PUT', '/ajax/customer/alias/', { alias: '新昵称' }],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(server, method, url, { cookie, payload });
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual(refusal);
    }
    expect(await customerSnapshot(server, 'pending_all1')).toEqual(before);
    expect((await call(server, 'GET', '/ajax/customer/info', { cookie })).statusCode).toBe(200);
    expect((await call(server, 'GET', '/ajax/current-customer', { cookie })).json()).toMatchObject({ firstLogin: true });
  });

  it('lets through what the first login needs, then everything once it is done', async () => {
    const { cookie } = await manualCustomer('pending_ok1', true);
    const sent = await sendPhone(cookie, '13712340077', '10.77.0.1');
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await latestCode(server, '13712340077');
    const done = await firstLogin(cookie, { newPassword: 'new12345', phoneVerification: { phone: '13712340077', verificationCode: code }, agreementAccepted: true });
    expect(done.statusCode).toBe(200);
    const alias = await call(server, 'PUT', '/ajax/customer/alias', { cookie, payload: { alias: '完成了' } });
    expect(alias.statusCode).toBe(200);
  });

  it('lets the player log out, or log in as someone else', async () => {
    const { cookie } = await linkCustomer('pending_out1');
    expect((await call(server, 'PUT', '/ajax/login', { cookie, payload: { username: 'pending_out1', password: PASSWORD } })).statusCode).toBe(200);
    const other = await linkCustomer('pending_out2');
    const logout = await call(server, 'PUT', '/ajax/logout', { cookie: other.cookie });
    expect(logout.statusCode).toBe(200);
    expect((await call(server, 'GET', '/ajax/current-customer', { cookie: other.cookie })).json()).toBeNull();
  });

  it('leaves players without a pending first login alone', async () => {
    await createCustomer(server, { username: 'settled_one1', password: PASSWORD });
    const cookie = await login(server, 'settled_one1', PASSWORD);
    expect((await call(server, 'PUT', '/ajax/customer/alias', { cookie, payload: { alias: '老玩家' } })).statusCode).toBe(200);
  });
});

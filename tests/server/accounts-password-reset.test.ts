// 忘记密码: a code to the verified phone or e-mail of a login name, then a new password with it. No
// answer (nor any count a later request meets) tells whether a name or a contact belongs to an
// account; failed resets lock resets, never the login; one code resets once however many connections
// carry it; every session of the customer ends, including one a login racing the reset was making.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_RESET_FAILED_MESSAGE, PASSWORD_RESET_PATHS } from '../../src/shared/api/password-reset.ts';
import { createSession } from '../../src/server/session/store.ts';
import { hashPassword, verifyPassword } from '../../src/server/session/passwords.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { call, createCustomer, holdSessionInserts, knownCaptcha, login } from './accounts-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_PER_MINUTE: '1000' });
});
afterAll(() => server.close());

const OLD_PASSWORD = 'abc12345';
const NEW_PASSWORD = 'fresh2026';
let counter = 0;
let ipCounter = 0;

async function freshCustomer() {
  const n = String(counter++).padStart(3, '0');
  const username = `reset_${n}`;
  const phone = `1390000${n.padStart(4, '0')}`;
  const email = `reset${n}@example.com`;
  const id = await createCustomer(server, { username, password: OLD_PASSWORD, phone, email });
  return { id, username, phone, email };
}

/** Each test its own client address, so the hourly cap per address belongs to the test that spends it. */
const nextIp = () => `10.18.0.${++ipCounter}`;

const sendPhone = (username: string, phone: string, ip: string) => call(server, 'POST', PASSWORD_RESET_PATHS.phoneSend, { payload: { username, phone }, ip });
const sendEmail = (username: string, email: string, ip: string) => call(server, 'POST', PASSWORD_RESET_PATHS.emailSend, { payload: { username, email }, ip });
const reset = (payload: object, ip = nextIp()) => call(server, 'PUT', PASSWORD_RESET_PATHS.reset, { payload, ip });
const phoneReset = (username: string, phone: string, verificationCode: string, password = NEW_PASSWORD) =>
  reset({ username, phoneVerification: { phone, verificationCode }, newPassword: password, confirmPassword: password });

async function outboxTo(destination: string) {
  const rows = await server.db.database.pool.query<{ body: string; customer_id: number | null }>(
    'SELECT body, customer_id FROM outbox_messages WHERE destination = $1 ORDER BY id',
    [destination],
  );
  return rows.rows;
}

/** The code is sent after the answer (so the answer's time tells nothing): wait for it to arrive. */
async function codeSentTo(destination: string, count = 1): Promise<string> {
  const rows = await vi.waitFor(
    async () => {
      const found = await outboxTo(destination);
      if (found.length < count) throw new Error(`no code yet for ${destination}`);
      return found;
    },
    { timeout: 5_000, interval: 25 },
  );
  return /\d{6}/.exec(rows[rows.length - 1]!.body)![0];
}

/** Moves the name's earlier code requests out of the 60-second cooldown. */
async function passCooldown(username: string) {
  await server.db.database.pool.query(
    `UPDATE rate_limit_events SET created_at = created_at - interval '2 minutes' WHERE bucket = 'password-reset-name' AND key = $1`,
    [username],
  );
}

const passwordHashOf = async (username: string) =>
  (await server.db.database.pool.query<{ password_hash: string }>('SELECT password_hash FROM customers WHERE username_key = $1', [username])).rows[0]!.password_hash;

const loginStatus = async (username: string, password: string) =>
  (await call(server, 'PUT', '/ajax/login', { payload: { username, password }, ip: nextIp() })).statusCode;

const liveSessionsOf = async (customerId: number) =>
  (
    await server.db.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE customer_id = $1 AND revoked_at IS NULL AND expires_at > now()',
      [customerId],
    )
  ).rows[0]!.n;

describe('requesting a code', () => {
  it('sends a code to the verified phone, with words that say what it is for', async () => {
    const { id, username, phone } = await freshCustomer();
    const response = await sendPhone(username.toUpperCase(), phone, nextIp());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, resendAfterSeconds: 60, expiresInSeconds: 600 });
    await codeSentTo(phone);
    const [message] = await outboxTo(phone);
    expect(message!.customer_id).toBe(id);
    expect(message!.body).toMatch(/^【锦鲤】您正在找回登录密码，验证码是 \d{6}，10 分钟内有效。请勿将验证码告诉他人。$/);
  });

  it('sends to the verified e-mail whatever its case', async () => {
    const { username, email } = await freshCustomer();
    expect((await sendEmail(username, email.toUpperCase(), nextIp())).statusCode).toBe(200);
    await codeSentTo(email);
  });

  it('answers an unknown name, another contact and a trial account exactly as a real one, and sends nothing', async () => {
    const real = await freshCustomer();
    const known = await sendPhone(real.username, real.phone, nextIp());
    const answers = [await sendPhone('nobody_here1', '13911112222', nextIp()), await sendPhone('demo_trial', '13911114444', nextIp())];
    for (const other of [() => sendPhone(real.username, '13911113333', nextIp()), () => sendEmail(real.username, 'someone.else@example.com', nextIp())]) {
      await passCooldown(real.username);
      answers.push(await other());
    }
    for (const answer of answers) {
      expect(answer.statusCode).toBe(known.statusCode);
      expect(answer.json()).toEqual(known.json());
    }
    await codeSentTo(real.phone);
    for (const destination of ['13911112222', '13911113333', 'someone.else@example.com', '13911114444']) {
      expect(await outboxTo(destination)).toEqual([]);
    }
  });

  it('checks the phone and the e-mail with the spec §5 rules first', async () => {
    const ip = nextIp();
    const badPhone = await sendPhone('reset_x', '123', ip);
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toMatchObject({ message: '手机号码由 11 位数字组成' });
    const badEmail = await sendEmail('reset_x', 'not-an-email', ip);
    expect(badEmail.json()).toMatchObject({ message: '请输入有效的邮箱地址' });
  });

  it('has a cooldown and a daily cap per typed name, the same for names that are no account', async () => {
    for (const username of [(await freshCustomer()).username, 'ghost_name1']) {
      expect((await sendPhone(username, '13922220000', nextIp())).statusCode).toBe(200);
      const again = await sendPhone(username, '13922220000', nextIp());
      expect(again.statusCode).toBe(429);
      expect(again.json().message).toMatch(/^发送过于频繁，请 \d+ 秒后再试$/);
      // Ten requests a day: the earlier ones moved out of the cooldown by hand.
      for (let i = 0; i < 9; i++) {
        await passCooldown(username);
        expect((await sendPhone(username, '13922220000', nextIp())).statusCode).toBe(200);
      }
      await passCooldown(username);
      const capped = await sendPhone(username, '13922220000', nextIp());
      expect(capped.json()).toMatchObject({ code: 'RATE_LIMITED', message: '今日获取验证码次数已达上限，请明天再试' });
    }
  });

  it('caps requests per client address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await sendPhone(`addr_name${i}`, '13933330000', ip)).statusCode).toBe(200);
    const refused = await sendPhone('addr_name_last', '13933330000', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('获取验证码过于频繁，请稍后再试');
  });

  it('leaves no trace that tells another player whether the name and the phone belong together', async () => {
    // Two names: one owns its phone, the other not the one typed. A stranger asks for reset codes for
    // each pair up to the day's cap, then (from an account of their own) asks for a binding code to each phone.
    const owned = '13933330001';
    const notOwned = '13933330002';
    const owner = await freshCustomer();
    await server.db.database.pool.query('UPDATE customers SET phone = $2 WHERE id = $1', [owner.id, owned]);
    const other = await freshCustomer();
    const probe = async (username: string, phone: string) => {
      for (let i = 0; i < 10; i++) {
        const sent = await sendPhone(username, phone, nextIp());
        expect(sent.statusCode, sent.body).toBe(200);
        await passCooldown(username);
      }
    };
    await probe(owner.username, owned);
    await probe(other.username, notOwned);
    await codeSentTo(owned, 10);
    const stranger = await createCustomer(server, { username: 'reset_enum_x', password: OLD_PASSWORD });
    const { token } = await createSession(server.db.database.pool, { customerId: stranger, remember: false, lifetimeMs: 3_600_000 });
    const cookie = `jinli_session=${token}`;
    const bind = (phone: string) => call(server, 'POST', '/ajax/customer/phone/send', { cookie, payload: { phone }, ip: nextIp() });
    const toOwned = await bind(owned);
    await server.db.database.pool.query(`UPDATE verification_codes SET created_at = created_at - interval '2 minutes' WHERE customer_id = $1`, [stranger]);
    const toNotOwned = await bind(notOwned);
    expect({ status: toOwned.statusCode, body: toOwned.json() }).toEqual({ status: toNotOwned.statusCode, body: toNotOwned.json() });
    // Both destinations had the day's codes, whoever owns them.
    expect(toOwned.json()).toEqual({ code: 'RATE_LIMITED', message: '今日获取验证码次数已达上限，请明天再试' });
  });

  it('lets a pending first login, a trial session and a cross-site-free request through, and refuses a forged one', async () => {
    const { username, phone } = await freshCustomer();
    const trial = await call(server, 'POST', '/ajax/trial', { payload: {} });
    const trialCookie = trial.cookies.find((c) => c.name === 'jinli_session');
    const withTrial = await call(server, 'POST', PASSWORD_RESET_PATHS.phoneSend, {
      payload: { username, phone },
      ip: nextIp(),
      ...(trialCookie ? { cookie: `jinli_session=${trialCookie.value}` } : {}),
    });
    expect(withTrial.statusCode).toBe(200);
    const pendingName = `${username}_fl`;
    await createCustomer(server, { username: pendingName, password: OLD_PASSWORD, firstLogin: true });
    const pendingCookie = await login(server, pendingName, OLD_PASSWORD);
    const withPending = await call(server, 'PUT', PASSWORD_RESET_PATHS.reset, {
      payload: { username, phoneVerification: { phone, verificationCode: '123456' }, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      cookie: pendingCookie,
      ip: nextIp(),
    });
    expect(withPending.json().message).toBe(PASSWORD_RESET_FAILED_MESSAGE);
    const forged = await server.app.inject({ method: 'POST', url: PASSWORD_RESET_PATHS.phoneSend, payload: { username, phone } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CSRF');
  });
});

describe('setting the new password', () => {
  it('resets with the code, ends every session, and the old password stops working', async () => {
    const { username, phone } = await freshCustomer();
    const sessionA = await login(server, username, OLD_PASSWORD);
    const sessionB = await login(server, username, OLD_PASSWORD);
    await sendPhone(username, phone, nextIp());
    const code = await codeSentTo(phone);
    const done = await phoneReset(` ${username} `, phone, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true });
    for (const cookie of [sessionA, sessionB]) {
      expect((await call(server, 'GET', '/ajax/current-customer', { cookie })).json()).toBeNull();
    }
    expect(await loginStatus(username, OLD_PASSWORD)).toBe(401);
    expect(await loginStatus(username, NEW_PASSWORD)).toBe(200);
  });

  it('resets through the e-mail too', async () => {
    const { username, email } = await freshCustomer();
    await sendEmail(username, email, nextIp());
    const code = await codeSentTo(email);
    const done = await reset({ username, emailVerification: { email, verificationCode: code }, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(await loginStatus(username, NEW_PASSWORD)).toBe(200);
  });

  it('refuses a code once used, and a wrong code, an unknown name and another contact in the same words', async () => {
    const { username, phone } = await freshCustomer();
    await sendPhone(username, phone, nextIp());
    const code = await codeSentTo(phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const refusals = [
      await phoneReset(username, phone, wrongCode),
      await phoneReset('nobody_here2', phone, code),
      await phoneReset(username, '13944445555', code),
    ];
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(400);
      expect(refusal.json()).toEqual({
        code: 'VALIDATION',
        message: PASSWORD_RESET_FAILED_MESSAGE,
        fields: { 'phoneVerification.verificationCode': PASSWORD_RESET_FAILED_MESSAGE },
      });
    }
    expect((await phoneReset(username, phone, code)).statusCode).toBe(200);
    const reused = await phoneReset(username, phone, code, 'another2026');
    expect(reused.json().message).toBe(PASSWORD_RESET_FAILED_MESSAGE);
    expect(await loginStatus(username, NEW_PASSWORD)).toBe(200);
  });

  it('burns the code after five wrong tries', async () => {
    const { username, phone } = await freshCustomer();
    const before = await passwordHashOf(username);
    await sendPhone(username, phone, nextIp());
    const code = await codeSentTo(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await phoneReset(username, phone, wrong)).statusCode).toBe(400);
    expect((await phoneReset(username, phone, code)).json().message).toBe(PASSWORD_RESET_FAILED_MESSAGE);
    expect(await passwordHashOf(username)).toBe(before);
  });

  it('checks the new password with the spec §5 rule and its confirmation', async () => {
    const ip = nextIp();
    const weak = await reset({ username: 'reset_x', phoneVerification: { phone: '13900000000', verificationCode: '123456' }, newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }, ip);
    expect(weak.json()).toMatchObject({ code: 'VALIDATION', message: '密码由 8~16 位数字字母组成，并同时含数字和字母' });
    const differs = await reset({ username: 'reset_x', phoneVerification: { phone: '13900000000', verificationCode: '123456' }, newPassword: 'abcd1234', confirmPassword: 'abcd12345' }, ip);
    expect(differs.json()).toMatchObject({ message: '两次输入的密码不一致' });
    const noContact = await reset({ username: 'reset_x', newPassword: 'abcd1234', confirmPassword: 'abcd1234' }, ip);
    expect(noContact.json()).toMatchObject({ message: '请验证手机号码或邮箱' });
  });

  it('resets once when one code is sent from many connections at the same moment', async () => {
    const { username, phone } = await freshCustomer();
    await sendPhone(username, phone, nextIp());
    const code = await codeSentTo(phone);
    const passwords = Array.from({ length: 8 }, (_, i) => `racer${i}pass`);
    const answers = await Promise.all(passwords.map((password) => phoneReset(username, phone, code, password)));
    const won = answers.flatMap((answer, i) => (answer.statusCode === 200 ? [passwords[i]!] : []));
    expect(won).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) expect(answer.json().message).toBe(PASSWORD_RESET_FAILED_MESSAGE);
    // Checked against the stored hash: exactly the winner's password is set.
    const stored = await passwordHashOf(username);
    for (const password of passwords) expect(await verifyPassword(stored, password)).toBe(password === won[0]);
  });

  it('a login that checked the old password and makes its session after the reset gets none, and is told the password is wrong', async () => {
    const { id, username, phone } = await freshCustomer();
    await sendPhone(username, phone, nextIp());
    const code = await codeSentTo(phone);
    const hold = holdSessionInserts(server);
    const racing = call(server, 'PUT', '/ajax/login', { payload: { username, password: OLD_PASSWORD }, ip: nextIp() });
    // The login has verified the old password and is about to make its session: now the reset.
    await hold.reached;
    const done = await phoneReset(username, phone, code);
    hold.release();
    const login = await racing;
    expect(done.statusCode, done.body).toBe(200);
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ code: 'BAD_CREDENTIALS', message: '账号或密码错误' });
    expect(await liveSessionsOf(id)).toBe(0);
  });

  it('leaves no session of the old password when logins from many connections race the reset', async () => {
    const { id, username, phone } = await freshCustomer();
    await sendPhone(username, phone, nextIp());
    const code = await codeSentTo(phone);
    const logins: Promise<{ statusCode: number; body: string }>[] = [];
    let done: { statusCode: number; body: string } | undefined;
    const resetting = phoneReset(username, phone, code).then((answer) => (done = answer));
    for (let i = 0; i < 40 && !done; i++) {
      logins.push(call(server, 'PUT', '/ajax/login', { payload: { username, password: OLD_PASSWORD }, ip: nextIp() }));
      await new Promise((resolve) => setTimeout(resolve, 4));
    }
    await resetting;
    const answers = await Promise.all(logins);
    expect(done!.statusCode, done!.body).toBe(200);
    for (const answer of answers) expect([200, 401, 423], answer.body).toContain(answer.statusCode);
    expect(await liveSessionsOf(id)).toBe(0);
  });
});

describe('the reset lockout: failed resets lock resets, never the login', () => {
  it('counts wrong codes apart from wrong passwords, locks resets and reset codes, and a reset clears both counts', async () => {
    const { username, phone } = await freshCustomer();
    await sendPhone(username, phone, nextIp());
    const code = await codeSentTo(phone);
    // Two wrong passwords, then nine wrong codes on another contact: neither count reaches the other's limit.
    for (let i = 0; i < 2; i++) expect(await loginStatus(username, 'wrong1234')).toBe(401);
    for (let i = 0; i < 9; i++) expect((await phoneReset(username, '13955550000', '123456')).statusCode).toBe(400);
    const locking = await phoneReset(username, '13955550000', '123456');
    expect(locking.statusCode).toBe(423);
    expect(locking.json().message).toMatch(/^密码错误次数过多，账号已被锁定，请 \d+ 分钟后再试$/);
    // Resets locked: the right code is refused unchecked and a new code cannot be asked for…
    expect((await phoneReset(username, phone, code)).statusCode).toBe(423);
    expect((await sendPhone(username, phone, nextIp())).statusCode).toBe(423);
    // …but the login is not: the right password, no captcha needed (two failures are below the threshold).
    expect(await loginStatus(username, OLD_PASSWORD)).toBe(200);
    // After the lock (moved into the past by hand) the still-valid code resets and both counts start afresh.
    await expect(loginStatus(username, 'wrong1234')).resolves.toBe(401);
    await server.db.database.pool.query(
      `UPDATE login_throttle SET locked_until = now() - interval '1 second', last_failed_at = now() - interval '1 hour' WHERE username_key = $1`,
      [`RESET:${username}`],
    );
    expect((await phoneReset(username, phone, code)).statusCode).toBe(200);
    const throttle = await server.db.database.pool.query('SELECT 1 FROM login_throttle WHERE username_key IN ($1, $2)', [username, `RESET:${username}`]);
    expect(throttle.rowCount).toBe(0);
  });

  it('anonymous reset attempts cannot lock the owner out of a login with the right password and a solved captcha', async () => {
    const { username, phone } = await freshCustomer();
    // A stranger who only knows the name: ten reset attempts with a guessed code, no captcha at all.
    for (let i = 0; i < 10; i++) {
      const answer = await phoneReset(username, phone, '000000');
      expect(answer.statusCode).toBeLessThan(500);
    }
    expect((await phoneReset(username, phone, '000000')).statusCode).toBe(423);
    // The owner solves the captcha (what the login's captcha threshold is for) and types the right password.
    const owner = await call(server, 'PUT', '/ajax/login', {
      payload: { username, password: OLD_PASSWORD, captchaId: await knownCaptcha(server, 'XK7P'), captcha: 'XK7P' },
      ip: nextIp(),
    });
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('refuses resets and reset codes while the login is locked', async () => {
    const { username, phone } = await freshCustomer();
    await sendPhone(username, phone, nextIp());
    const code = await codeSentTo(phone);
    await server.db.database.pool.query(
      `INSERT INTO login_throttle (username_key, failed_count, last_failed_at, locked_until) VALUES ($1, 10, now(), now() + interval '15 minutes')`,
      [username],
    );
    expect((await phoneReset(username, phone, code)).statusCode).toBe(423);
    await passCooldown(username);
    expect((await sendPhone(username, phone, nextIp())).statusCode).toBe(423);
  });

  it('locks an unknown name after as many failures as a real one', async () => {
    for (let i = 0; i < 9; i++) expect((await phoneReset('ghost_locked', '13966660000', '123456')).statusCode).toBe(400);
    expect((await phoneReset('ghost_locked', '13966660000', '123456')).statusCode).toBe(423);
  });
});

// Decisions §5: the login password and the money password stay separate, whichever is set last.
describe('the money password', () => {
  it('is refused as the new login password, and the code stays usable for another one', async () => {
    const { username, phone } = await freshCustomer();
    await server.db.database.pool.query('UPDATE customers SET money_password_hash = $2 WHERE username_key = $1', [username, await hashPassword(NEW_PASSWORD)]);
    const before = await passwordHashOf(username);
    expect((await sendPhone(username, phone, nextIp())).statusCode).toBe(200);
    const code = await codeSentTo(phone);
    const same = await phoneReset(username, phone, code);
    expect(same.statusCode, same.body).toBe(400);
    expect(same.json().message).toBe('登录密码不能与资金密码相同');
    expect(await passwordHashOf(username)).toBe(before);
    expect((await phoneReset(username, phone, code, 'other2026')).statusCode).toBe(200);
  });
});

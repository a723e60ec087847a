// The login lock holds against parallel guesses (issue 15, defect 2): every attempt is counted before
// its password is checked, so a burst from many addresses checks at most the allowed number of
// passwords; after a few failures the name needs a captcha (its owner still gets in), and only past
// a larger number is it locked, refusing even the right password unchecked.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/db.ts';
import { call, createCustomer, knownCaptcha } from './accounts-support.ts';

const CAPTCHA_AFTER = 3;
const LOCK_AFTER = 10;
// The per-address brake (30 a minute) must not be what stops a burst: each test sends from its own
// addresses, at most 20 attempts from each.
const addresses = (subnet: number) => Array.from({ length: 10 }, (_, i) => `10.15.${subnet}.${i + 1}`);
const PASSWORD = 'Owner2pass';
const WRONG_PASSWORD = '账号或密码错误';
const LOCKED = { code: 'ACCOUNT_LOCKED', message: '密码错误次数过多，账号已被锁定，请 15 分钟后再试' };
const CAPTCHA_MISSING = { code: 'CAPTCHA_REQUIRED', message: '验证码不可以为空', fields: { captcha: '验证码不可以为空' } };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    LOGIN_CAPTCHA_AFTER_FAILURES: String(CAPTCHA_AFTER),
    LOGIN_MAX_FAILURES: String(LOCK_AFTER),
    LOGIN_LOCK_MINUTES: '15',
    LOGIN_RATE_PER_MINUTE: '30',
  });
}, 60_000);
afterAll(() => server.close());

interface Attempt {
  username: string;
  password: string;
  ip: string;
  captcha?: { captchaId: string; captcha: string };
}

const attempt = ({ username, password, ip, captcha }: Attempt) =>
  call(server, 'PUT', '/ajax/login', { payload: { username, password, ...captcha }, ip });

async function solvedCaptcha(): Promise<{ captchaId: string; captcha: string }> {
  return { captchaId: await knownCaptcha(server, 'XK7P'), captcha: 'xk7p' };
}

async function throttleRow(username: string) {
  const rows = await server.db.database.pool.query<{ failed_count: number; locked_until: Date | null }>(
    'SELECT failed_count, locked_until FROM login_throttle WHERE username_key = lower($1)',
    [username],
  );
  return rows.rows[0] ?? null;
}

/** `count` wrong attempts at once, spread over the addresses; the answers' bodies. */
async function burst(username: string, count: number, from: string[], withCaptcha = false) {
  const captchas = withCaptcha ? await Promise.all(Array.from({ length: count }, () => solvedCaptcha())) : [];
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      attempt({ username, password: `Guess${i}word`, ip: from[i % from.length]!, captcha: captchas[i] }),
    ),
  );
  for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
  return answers.map((answer) => ({ status: answer.statusCode, body: answer.json() as { code: string; message: string } }));
}

/** Answers that come from a checked (and wrong) password. */
const checked = (answers: { body: { message: string } }[]) => answers.filter((a) => a.body.message === WRONG_PASSWORD).length;

describe('the login lock under parallel guessing', () => {
  it('200 parallel wrong passwords from 10 addresses check at most 3; the right one then needs a captcha', async () => {
    const username = 'lt_burst1';
    await createCustomer(server, { username, password: PASSWORD });

    const answers = await burst(username, 200, addresses(1));
    expect(checked(answers)).toBe(CAPTCHA_AFTER);
    const unchecked = answers.filter((a) => a.body.message !== WRONG_PASSWORD);
    expect(unchecked).toHaveLength(200 - CAPTCHA_AFTER);
    for (const answer of unchecked) expect(answer).toEqual({ status: 401, body: CAPTCHA_MISSING });
    expect(await throttleRow(username)).toMatchObject({ failed_count: CAPTCHA_AFTER, locked_until: null });

    // The right password without a captcha is refused unchecked: nothing is counted.
    const right = await attempt({ username, password: PASSWORD, ip: '10.15.9.1' });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual(CAPTCHA_MISSING);
    expect(await throttleRow(username)).toMatchObject({ failed_count: CAPTCHA_AFTER });
  });

  it('the owner past the captcha threshold logs in by solving the captcha, which clears the name', async () => {
    const username = 'lt_owner1';
    const ip = '10.15.4.1';
    await createCustomer(server, { username, password: PASSWORD });
    for (let i = 0; i < CAPTCHA_AFTER - 1; i++) {
      const wrong = await attempt({ username, password: `Guess${i}word`, ip });
      expect(wrong.json()).toEqual({ code: 'BAD_CREDENTIALS', message: WRONG_PASSWORD });
    }
    // The failure that reaches the threshold says so, so the form shows the captcha before the next try.
    const third = await attempt({ username, password: 'Guess9word', ip });
    expect(third.statusCode).toBe(401);
    expect(third.json()).toEqual({ code: 'CAPTCHA_REQUIRED', message: WRONG_PASSWORD });

    const wrongCaptcha = await attempt({ username, password: PASSWORD, ip, captcha: { captchaId: await knownCaptcha(server, 'XK7P'), captcha: 'AAAA' } });
    expect(wrongCaptcha.statusCode).toBe(400);
    expect(wrongCaptcha.json()).toMatchObject({ code: 'VALIDATION', message: '验证码错误，请重新输入' });
    expect(await throttleRow(username)).toMatchObject({ failed_count: CAPTCHA_AFTER });

    const owner = await attempt({ username, password: PASSWORD, ip, captcha: await solvedCaptcha() });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json()).toMatchObject({ name: username });
    expect(await throttleRow(username)).toBeNull();
    // A used captcha cannot be replayed.
    const captcha = await solvedCaptcha();
    expect((await attempt({ username, password: PASSWORD, ip, captcha })).statusCode).toBe(200);
    expect((await attempt({ username, password: PASSWORD, ip, captcha })).json()).toMatchObject({ message: '验证码已失效，请刷新后重试' });
  });

  it('200 parallel captcha-solved wrong passwords check at most 10, lock the name, and the right one is refused while locked', async () => {
    const username = 'lt_burst2';
    await createCustomer(server, { username, password: PASSWORD });

    const answers = await burst(username, 200, addresses(2), true);
    // The tenth checked failure locks the name and says so; every other answer is the lock, unchecked.
    expect(checked(answers)).toBe(LOCK_AFTER - 1);
    const rest = answers.filter((a) => a.body.message !== WRONG_PASSWORD);
    expect(rest).toHaveLength(200 - (LOCK_AFTER - 1));
    for (const answer of rest) expect(answer).toEqual({ status: 423, body: LOCKED });
    const locked = await throttleRow(username);
    expect(locked).toMatchObject({ failed_count: LOCK_AFTER });
    expect(locked!.locked_until).not.toBeNull();

    // Whatever the password, with or without a captcha, from any address: refused, and the lock holds
    // as it was (a refused attempt neither clears nor extends it).
    for (const tried of [
      { username, password: PASSWORD, ip: '10.15.9.2', captcha: await solvedCaptcha() },
      { username, password: PASSWORD, ip: '10.15.9.3' },
      { username: username.toUpperCase(), password: 'Guess1word', ip: '10.15.9.4', captcha: await solvedCaptcha() },
    ]) {
      const refused = await attempt(tried);
      expect(refused.statusCode).toBe(423);
      expect(refused.json()).toEqual(LOCKED);
    }
    expect(await throttleRow(username)).toEqual(locked);

    // Once the window has passed (moved back in the database: tests never wait), the owner gets in.
    await server.db.database.pool.query(
      `UPDATE login_throttle SET locked_until = now() - interval '1 second', last_failed_at = now() - interval '16 minutes'
        WHERE username_key = $1`,
      [username],
    );
    expect((await attempt({ username, password: PASSWORD, ip: '10.15.9.5' })).statusCode).toBe(200);
  });

  it('sequential failures on a locked name never clear the lock', async () => {
    const username = 'lt_steady';
    const ip = '10.15.5.1';
    await createCustomer(server, { username, password: PASSWORD });
    for (let i = 0; i < LOCK_AFTER; i++) {
      await attempt({ username, password: `Guess${i}word`, ip, captcha: i >= CAPTCHA_AFTER ? await solvedCaptcha() : undefined });
    }
    for (let i = 0; i < 5; i++) expect((await attempt({ username, password: `Again${i}word`, ip, captcha: await solvedCaptcha() })).statusCode).toBe(423);
    expect((await attempt({ username, password: PASSWORD, ip, captcha: await solvedCaptcha() })).statusCode).toBe(423);
  });

  it('counts per name: a burst on one name leaves other names, on the same addresses, untouched', async () => {
    const target = 'lt_target';
    const bystander = 'lt_bystand';
    await createCustomer(server, { username: target, password: PASSWORD });
    await createCustomer(server, { username: bystander, password: PASSWORD });
    const from = addresses(3);
    await burst(target, 20, from);
    const other = await attempt({ username: bystander, password: PASSWORD, ip: from[1]! });
    expect(other.statusCode).toBe(200);
  });

  it('answers an unknown name exactly like a known one, so the captcha and the lock reveal nothing', async () => {
    await createCustomer(server, { username: 'lt_known', password: PASSWORD });
    const sequence = async (username: string) => {
      const bodies: unknown[] = [];
      for (let i = 0; i < LOCK_AFTER + 1; i++) {
        const answer = await attempt({ username, password: `Guess${i}word`, ip: '10.15.7.1', captcha: i >= CAPTCHA_AFTER ? await solvedCaptcha() : undefined });
        bodies.push([answer.statusCode, answer.json()]);
      }
      bodies.push((await attempt({ username, password: `Guess0word`, ip: '10.15.7.2' })).json());
      return bodies;
    };
    expect(await sequence('lt_known')).toEqual(await sequence('lt_nobody'));
  });

  it('tells the login form which captcha to show and when', async () => {
    const config = await server.app.inject({ url: '/ajax/login/config' });
    expect(config.json()).toMatchObject({
      captchaRequired: false,
      captchaAfterFailures: CAPTCHA_AFTER,
      captchaKind: 'image',
      recaptchaSiteKey: null,
      maxFailedAttempts: LOCK_AFTER,
      lockoutMinutes: 15,
    });
  });
});

// With reCAPTCHA Enterprise as the site's captcha, the login asks for a token made for the action
// LOGIN (a registration token is refused): a local fake of the assessment API answers for the action
// each token was made for.
describe('the login captcha with reCAPTCHA Enterprise', () => {
  let fake: http.Server;
  let recaptchaServer: TestServer;
  const expected: string[] = [];
  beforeAll(async () => {
    fake = http.createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        const { event } = JSON.parse(text) as { event: { token: string; expectedAction: string } };
        expected.push(event.expectedAction);
        const action = event.token.startsWith('login-') ? 'LOGIN' : 'REGISTER';
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ tokenProperties: { valid: true, action }, riskAnalysis: { score: 0.9 } }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    recaptchaServer = await startTestServer({
      CAPTCHA_ADAPTER: 'recaptcha-enterprise',
      RECAPTCHA_PROJECT_ID: 'jinli-test',
      RECAPTCHA_API_KEY: 'k',
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_ENDPOINT: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
      LOGIN_CAPTCHA_AFTER_FAILURES: String(CAPTCHA_AFTER),
    });
  }, 60_000);
  afterAll(async () => {
    await recaptchaServer.close();
    fake.closeAllConnections();
    await new Promise((resolve) => fake.close(resolve));
  });

  const recaptchaLogin = (username: string, password: string, recaptchaToken?: string) =>
    call(recaptchaServer, 'PUT', '/ajax/login', { payload: { username, password, ...(recaptchaToken ? { recaptchaToken } : {}) }, ip: '10.15.8.1' });

  it('tells the form to use reCAPTCHA, and lets the owner in with a LOGIN token after the threshold', async () => {
    const config = await recaptchaServer.app.inject({ url: '/ajax/login/config' });
    expect(config.json()).toMatchObject({ captchaKind: 'recaptcha', recaptchaSiteKey: 'site-key' });

    const username = 'lt_recap1';
    await createCustomer(recaptchaServer, { username, password: PASSWORD });
    for (let i = 0; i < CAPTCHA_AFTER; i++) expect((await recaptchaLogin(username, `Guess${i}word`)).statusCode).toBe(401);
    expect((await recaptchaLogin(username, PASSWORD)).json()).toEqual(CAPTCHA_MISSING);

    const registerToken = await recaptchaLogin(username, PASSWORD, 'register-1');
    expect(registerToken.statusCode).toBe(400);
    expect(registerToken.json()).toMatchObject({ message: '人机验证未通过，请重试' });
    expect(expected.at(-1)).toBe('LOGIN');

    const owner = await recaptchaLogin(username, PASSWORD, 'login-1');
    expect(owner.statusCode, owner.body).toBe(200);
  });
});

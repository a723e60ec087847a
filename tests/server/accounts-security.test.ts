// Passwords, codes and tokens never reach the logs: the real server runs as a child process at log
// level trace in production mode, the flows that carry secrets run against it, and its whole output
// is searched. Also: no account enumeration through login, registration or code messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeChallenge } from '../../src/server/accounts/captcha/challenges.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../src/shared/api/errors.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { sleep, startServerProcess, type ServerProcess } from '../support/server-process.ts';

let db: TestDatabase;
let child: ServerProcess;
let base: string;

beforeAll(async () => {
  db = await createTestDatabase();
  child = startServerProcess({
    DATABASE_URL: db.url,
    NODE_ENV: 'production',
    LOG_LEVEL: 'trace',
    SEED_DEMO: 'true',
    DRAW_SCHEDULER: 'false',
  });
  for (let i = 0; i < 300 && !/listening at (http:\/\/[\d.:]+)/.test(child.output()); i++) await sleep(100);
  const match = /listening at (http:\/\/[\d.:]+)/.exec(child.output());
  if (!match) throw new Error(`server did not start:\n${child.output()}`);
  base = match[1]!;
}, 60_000);

afterAll(async () => {
  await child?.kill('SIGTERM');
  await db?.drop();
});

async function send(method: string, path: string, body?: unknown, cookie?: string) {
  const headers: Record<string, string> = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const setCookie = response.headers.get('set-cookie');
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, cookie: setCookie?.split(';')[0] };
}

async function latestCode(destination: string): Promise<string> {
  const result = await db.database.pool.query<{ body: string }>('SELECT body FROM outbox_messages WHERE destination = $1 ORDER BY id DESC LIMIT 1', [destination]);
  return /\d{6}/.exec(result.rows[0]!.body)![0];
}

describe('secrets never reach the logs', () => {
  it('keeps passwords, codes, captcha answers and tokens out of the production log at level trace', async () => {
    const secrets: string[] = [];
    const password = 'Sekret9pass';
    const captchaAnswer = 'Q7WZ';
    secrets.push(password, captchaAnswer);
    const captchaId = await storeChallenge(db.database.pool, captchaAnswer, 60_000);
    const registered = await send('POST', '/ajax/registration-link/demo-reg/register', {
      username: 'log_watch1', password, confirmPassword: password, ageConfirmed: true, agreementAccepted: true, captchaId, captcha: captchaAnswer,
    });
    expect(registered.status).toBe(200);
    const loginToken = registered.json.loginToken as string;
    secrets.push(loginToken);
    const entered = await send('PUT', '/ajax/login-token', { token: loginToken });
    expect(entered.status).toBe(200);
    const cookie = entered.cookie!;
    secrets.push(cookie.split('=')[1]!);

    expect((await send('POST', '/ajax/customer/phone/send', { phone: '13600000001' }, cookie)).status).toBe(200);
    const code = await latestCode('13600000001');
    secrets.push(code);
    const newPassword = 'Renewed8pass';
    secrets.push(newPassword);
    const done = await send('PUT', '/ajax/first-login', { newPassword, phoneVerification: { phone: '13600000001', verificationCode: code } }, cookie);
    expect(done.status).toBe(200);

    const wrongPassword = 'Wrong7guess';
    secrets.push(wrongPassword);
    expect((await send('PUT', '/ajax/login', { username: 'log_watch1', password: wrongPassword })).status).toBe(401);
    const loggedIn = await send('PUT', '/ajax/login', { username: 'log_watch1', password: newPassword });
    expect(loggedIn.status).toBe(200);

    const moneyPassword = 'Money5pass';
    secrets.push(moneyPassword);
    expect((await send('PUT', '/ajax/customer/money-password', { newMoneyPassword: moneyPassword, confirmMoneyPassword: moneyPassword }, loggedIn.cookie)).status).toBe(200);
    const changed = 'Changed6pass';
    secrets.push(changed);
    expect((await send('PUT', '/ajax/customer/password', { oldPassword: newPassword, newPassword: changed, confirmPassword: changed }, loggedIn.cookie)).status).toBe(200);

    await sleep(300);
    const output = child.output();
    // The log is really at trace level and saw these requests.
    expect(output).toContain('/ajax/customer/phone/send');
    expect(output).toContain('player registered');
    for (const secret of secrets) expect(output, `leaked ${secret}`).not.toContain(secret);
    expect(output).not.toContain('验证码是');
  });
});

describe('no account enumeration', () => {
  it('login answers the same for an unknown user and a wrong password', async () => {
    const unknown = await send('PUT', '/ajax/login', { username: 'nobody_at_all', password: 'whatever1' });
    const wrong = await send('PUT', '/ajax/login', { username: 'demo_player', password: 'whatever1' });
    expect(unknown.json).toEqual(wrong.json);
    expect(unknown.status).toBe(wrong.status);
  });

  it('registration says nothing about a username before the captcha passes', async () => {
    const body = (username: string) => ({
      username, password: 'abc12345', confirmPassword: 'abc12345', ageConfirmed: true, agreementAccepted: true, captchaId: 'no-such-captcha', captcha: 'ABCD',
    });
    const taken = await send('POST', '/ajax/registration-link/demo-reg/register', body('demo_player'));
    const free = await send('POST', '/ajax/registration-link/demo-reg/register', body('free_name_1'));
    expect(taken.json).toEqual(free.json);
    expect(taken.status).toBe(free.status);
  });
});

// Re-authentication holds against bursts (issue 15, defect 6): each try of the login password or the
// money password is reserved before its Argon2 check, so N parallel wrong passwords check at most 5
// (the limit of 15 minutes) and the right one is refused once the limit is reached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/db.ts';
import { call, createCustomer, login } from './accounts-support.ts';

const LIMIT = 5;
const PARALLEL = 24;
const PASSWORD = 'Login5pass';
const MONEY_PASSWORD = 'Money5pass';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_PER_MINUTE: '1000' });
}, 60_000);
afterAll(() => server.close());

let counter = 0;
async function freshCustomer() {
  const username = `reauth_${String(counter++).padStart(3, '0')}`;
  const id = await createCustomer(server, { username, password: PASSWORD });
  return { id, username, cookie: await login(server, username, PASSWORD) };
}

async function hashes(id: number) {
  const rows = await server.db.database.pool.query('SELECT password_hash, money_password_hash FROM customers WHERE id = $1', [id]);
  return rows.rows[0] as { password_hash: string; money_password_hash: string | null };
}

/** Sends every body at once; the answers as status and body. */
async function parallel(url: string, cookie: string, bodies: unknown[]) {
  const answers = await Promise.all(bodies.map((payload) => call(server, 'PUT', url, { cookie, payload })));
  for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
  return answers.map((answer) => ({ status: answer.statusCode, body: answer.json() as Record<string, unknown> }));
}

describe('re-authentication under parallel tries', () => {
  it(`${PARALLEL} parallel wrong old passwords check at most ${LIMIT}; the right one is then refused`, async () => {
    const { id, cookie } = await freshCustomer();
    const before = await hashes(id);
    const bodies = Array.from({ length: PARALLEL }, (_, i) => ({ oldPassword: `Wrong${i}pass`, newPassword: 'Brand1new', confirmPassword: 'Brand1new' }));
    const answers = await parallel('/ajax/customer/password', cookie, bodies);

    const checked = answers.filter((a) => a.body.message === '密码错误');
    expect(checked).toHaveLength(LIMIT);
    for (const answer of checked) expect(answer).toEqual({ status: 400, body: { code: 'VALIDATION', message: '密码错误', fields: { oldPassword: '密码错误' } } });
    const refused = answers.filter((a) => a.body.message !== '密码错误');
    expect(refused).toHaveLength(PARALLEL - LIMIT);
    for (const answer of refused) expect(answer).toEqual({ status: 429, body: { code: 'RATE_LIMITED', message: '密码错误次数过多，请 15 分钟后再试' } });

    const right = await call(server, 'PUT', '/ajax/customer/password', { cookie, payload: { oldPassword: PASSWORD, newPassword: 'Brand1new', confirmPassword: 'Brand1new' } });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ code: 'RATE_LIMITED', message: '密码错误次数过多，请 15 分钟后再试' });
    expect(await hashes(id)).toEqual(before);
  });

  it(`${PARALLEL} parallel wrong old money passwords check at most ${LIMIT}; the right one is then refused`, async () => {
    const { id, cookie } = await freshCustomer();
    const set = await call(server, 'PUT', '/ajax/customer/money-password', { cookie, payload: { newMoneyPassword: MONEY_PASSWORD, confirmMoneyPassword: MONEY_PASSWORD } });
    expect(set.json()).toEqual({ ok: true });
    const before = await hashes(id);

    const bodies = Array.from({ length: PARALLEL }, (_, i) => ({ oldMoneyPassword: `Wrong${i}pass`, newMoneyPassword: 'Money6new', confirmMoneyPassword: 'Money6new' }));
    const answers = await parallel('/ajax/customer/money-password', cookie, bodies);
    const checked = answers.filter((a) => a.body.message === '资金密码错误');
    expect(checked).toHaveLength(LIMIT);
    for (const answer of checked) {
      expect(answer).toEqual({ status: 400, body: { code: 'VALIDATION', message: '资金密码错误', fields: { oldMoneyPassword: '资金密码错误' } } });
    }
    const refused = answers.filter((a) => a.body.message !== '资金密码错误');
    expect(refused).toHaveLength(PARALLEL - LIMIT);
    for (const answer of refused) expect(answer).toEqual({ status: 429, body: { code: 'RATE_LIMITED', message: '资金密码错误次数过多，请 15 分钟后再试' } });

    const right = await call(server, 'PUT', '/ajax/customer/money-password', {
      cookie,
      payload: { oldMoneyPassword: MONEY_PASSWORD, newMoneyPassword: 'Money6new', confirmMoneyPassword: 'Money6new' },
    });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ code: 'RATE_LIMITED', message: '资金密码错误次数过多，请 15 分钟后再试' });
    expect(await hashes(id)).toEqual(before);
    // The two checks count apart: the login password still re-authenticates.
    const other = await call(server, 'PUT', '/ajax/customer/password', { cookie, payload: { oldPassword: PASSWORD, newPassword: 'Brand1new', confirmPassword: 'Brand1new' } });
    expect(other.json()).toEqual({ ok: true });
  });

  it('a right password gives the tries back', async () => {
    const { cookie } = await freshCustomer();
    const wrong = { oldPassword: 'Wrong0pass', newPassword: 'Brand1new', confirmPassword: 'Brand1new' };
    for (let i = 0; i < LIMIT - 1; i++) expect((await call(server, 'PUT', '/ajax/customer/password', { cookie, payload: wrong })).json().message).toBe('密码错误');
    const right = await call(server, 'PUT', '/ajax/customer/password', { cookie, payload: { ...wrong, oldPassword: PASSWORD } });
    expect(right.json()).toEqual({ ok: true });
    for (let i = 0; i < LIMIT; i++) expect((await call(server, 'PUT', '/ajax/customer/password', { cookie, payload: wrong })).json().message).toBe('密码错误');
  });

  it('the "money password must differ from the login password" rule is counted in its own window, so it is no guessing oracle', async () => {
    const { cookie } = await freshCustomer();
    // Each money password set or changed is compared with the login password; an attacker holding the
    // session knows the money password it set, so it could compare as often as it liked.
    let current: string | undefined;
    for (let i = 0; i < LIMIT; i++) {
      const guess = `Guess${i}pass`;
      const changed = await call(server, 'PUT', '/ajax/customer/money-password', {
        cookie,
        payload: { ...(current ? { oldMoneyPassword: current } : {}), newMoneyPassword: guess, confirmMoneyPassword: guess },
      });
      expect(changed.json()).toEqual({ ok: true });
      current = guess;
    }
    const hit = await call(server, 'PUT', '/ajax/customer/money-password', {
      cookie,
      payload: { oldMoneyPassword: current, newMoneyPassword: PASSWORD, confirmMoneyPassword: PASSWORD },
    });
    expect(hit.statusCode).toBe(429);
    expect(hit.json()).toEqual({ code: 'RATE_LIMITED', message: '操作过于频繁，请 15 分钟后再试' });
    // Its own window: the login password itself is still checked (a player setting passwords correctly is never locked out of it).
    const login = await call(server, 'PUT', '/ajax/customer/password', { cookie, payload: { oldPassword: PASSWORD, newPassword: 'Brand1new', confirmPassword: 'Brand1new' } });
    expect(login.json()).toEqual({ ok: true });
  });
});

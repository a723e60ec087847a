// Operator sign-in (issue 16 item 2): password → TOTP or a one-time recovery code; first sign-in
// enrols TOTP (QR code, recovery codes); lockout under parallel guesses; idle and absolute expiry;
// revocation; the cookie's attributes; the per-address brake on failed steps, however many arrive at
// once; a password step racing a password reset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { codeFor, createOperator, operatorCookieOf, operatorHeaders, signIn, type TestOperator } from '../support/operators.ts';
import { totpCode } from '../../src/server/backoffice/core/totp.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPERATOR_MAX_FAILURES: '5' });
});
afterAll(() => server?.close());

const post = (url: string, payload: unknown, cookie?: string) =>
  server.app.inject({ method: 'POST', url: `/ajax/backoffice${url}`, headers: cookie ? operatorHeaders(cookie) : MUTATION_HEADERS, payload: payload as object });
const session = (cookie?: string) =>
  server.app.inject({ method: 'GET', url: '/ajax/backoffice/session', ...(cookie ? { headers: { cookie } } : {}) });

describe('operator sign-in', () => {
  it('signs an enrolled operator in with password and TOTP code, with a strict cookie on the back-office path', async () => {
    const operator = await createOperator(server.app, 'FINANCE');
    const password = await post('/sign-in/password', { username: operator.username.toUpperCase(), password: operator.password });
    expect(password.statusCode).toBe(200);
    expect(password.json()).toEqual({ next: 'SECOND_FACTOR' });
    const pending = operatorCookieOf(password)!;
    const raw = password.cookies.find((c) => c.name === 'jinli_operator')!;
    expect(raw).toMatchObject({ path: '/ajax/backoffice', httpOnly: true, sameSite: 'Strict' });
    // The password alone is no session.
    expect((await session(pending)).json()).toEqual({ operator: null });

    const code = await post('/sign-in/code', { code: codeFor(operator) }, pending);
    expect(code.statusCode).toBe(200);
    expect(code.json().operator).toMatchObject({ username: operator.username, role: 'FINANCE' });
    const active = operatorCookieOf(code)!;
    expect(active).not.toBe(pending);
    const view = (await session(active)).json();
    expect(view.operator).toMatchObject({ id: operator.id, role: 'FINANCE' });
    expect(view.operator.permissions).toContain('customers.adjust.request');
    // The pre-second-factor token is worth nothing now.
    expect((await session(pending)).json()).toEqual({ operator: null });
  });

  it('refuses a wrong password and a wrong code in Chinese', async () => {
    const operator = await createOperator(server.app, 'SUPPORT');
    const wrong = await post('/sign-in/password', { username: operator.username, password: 'wrong-password1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('用户名或密码错误');
    const unknown = await post('/sign-in/password', { username: 'nobody_here', password: 'whatever1' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('用户名或密码错误');
    const pending = operatorCookieOf(await post('/sign-in/password', { username: operator.username, password: operator.password }))!;
    const badCode = await post('/sign-in/code', { code: '000000' === codeFor(operator) ? '111111' : '000000' }, pending);
    expect(badCode.statusCode).toBe(401);
    expect(badCode.json().message).toBe('验证码错误');
  });

  it('accepts a TOTP step once only', async () => {
    const operator = await createOperator(server.app, 'RISK');
    await signIn(server.app, operator);
    const pending = operatorCookieOf(await post('/sign-in/password', { username: operator.username, password: operator.password }))!;
    const again = await post('/sign-in/code', { code: codeFor(operator) }, pending);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toContain('已使用');
  });

  it('enrols a new operator: QR code, then a code, then ten recovery codes usable once each', async () => {
    const operator = await createOperator(server.app, 'DRAW', { enrolled: false });
    const password = await post('/sign-in/password', { username: operator.username, password: operator.password });
    expect(password.statusCode).toBe(200);
    const { next, enrolment } = password.json();
    expect(next).toBe('ENROLMENT');
    expect(enrolment.qrSvg).toMatch(/^<svg/);
    expect(enrolment.otpauthUrl).toContain(`secret=${enrolment.secret}`);
    const pending = operatorCookieOf(password)!;
    // Page reloaded: the same enrolment is shown again.
    const again = await server.app.inject({ method: 'GET', url: '/ajax/backoffice/sign-in/enrolment', headers: { cookie: pending } });
    expect(again.json().secret).toBe(enrolment.secret);
    expect((await post('/sign-in/code', { code: totpCode(enrolment.secret) }, pending)).statusCode).toBe(401);

    const enrol = await post('/sign-in/enrol', { code: totpCode(enrolment.secret) }, pending);
    expect(enrol.statusCode).toBe(200);
    const { recoveryCodes } = enrol.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await session(operatorCookieOf(enrol)!)).json().operator.role).toBe('DRAW');

    // A recovery code signs in once, in any case, with or without its dash.
    const first = operatorCookieOf(await post('/sign-in/password', { username: operator.username, password: operator.password }))!;
    const recovered = await post('/sign-in/code', { code: recoveryCodes[0].toUpperCase().replace('-', '') }, first);
    expect(recovered.statusCode).toBe(200);
    const second = operatorCookieOf(await post('/sign-in/password', { username: operator.username, password: operator.password }))!;
    const reused = await post('/sign-in/code', { code: recoveryCodes[0] }, second);
    expect(reused.statusCode).toBe(401);
  });

  it('locks the operator after the allowed failures, however many guesses arrive at once', async () => {
    const operator = await createOperator(server.app, 'OPERATIONS');
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post('/sign-in/password', { username: operator.username, password: `wrong-guess-${i}` })),
    );
    const statuses = guesses.map((g) => g.statusCode);
    // Four refused as wrong, the fifth locks, the rest are refused unchecked.
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 423)).toHaveLength(16);
    expect(guesses.find((g) => g.statusCode === 423)!.json().message).toMatch(/锁定/);
    // The right password is refused too while the lock lasts.
    const right = await post('/sign-in/password', { username: operator.username, password: operator.password });
    expect(right.statusCode).toBe(423);
  });

  it('counts wrong codes too: a known password does not reset the budget of code guesses', async () => {
    const operator = await createOperator(server.app, 'FINANCE');
    const wrong = codeFor(operator) === '123456' ? '654321' : '123456';
    let last = 0;
    for (let round = 0; round < 3 && last !== 423; round++) {
      const password = await post('/sign-in/password', { username: operator.username, password: operator.password });
      if (password.statusCode === 423) {
        last = 423;
        break;
      }
      last = (await post('/sign-in/code', { code: wrong }, operatorCookieOf(password)!)).statusCode;
    }
    expect(last).toBe(423);
  });

  it('ends a session idle for 30 minutes, any session after 12 hours, and a revoked or disabled one', async () => {
    const operator = await createOperator(server.app, 'SUPPORT');
    const pool = server.db.database.pool;
    const cookie = await signIn(server.app, operator);
    expect((await session(cookie)).json().operator).not.toBeNull();
    await pool.query(`UPDATE operator_sessions SET last_seen_at = now() - interval '31 minutes' WHERE operator_id = $1`, [operator.id]);
    expect((await session(cookie)).json().operator).toBeNull();

    const second = await signIn(server.app, operator, 1);
    await pool.query(`UPDATE operator_sessions SET created_at = now() - interval '12 hours 1 minute' WHERE operator_id = $1 AND revoked_at IS NULL`, [operator.id]);
    expect((await session(second)).json().operator).toBeNull();
  });

  it('signs out, and a customer session is never an operator session', async () => {
    const operator = await createOperator(server.app, 'RISK');
    const cookie = await signIn(server.app, operator);
    const out = await post('/sign-out', {}, cookie);
    expect(out.statusCode).toBe(200);
    expect((await session(cookie)).json().operator).toBeNull();
    const player = await loginCookie(server.app, 'demo_player');
    expect((await session(player)).json().operator).toBeNull();
    const audit = await server.app.inject({ method: 'GET', url: '/ajax/backoffice/audit', headers: { cookie: player } });
    expect(audit.statusCode).toBe(401);
  });
});

describe('the per-address brake', () => {
  const wrongCodeOf = (operator: TestOperator) => (codeFor(operator) === '000000' ? '111111' : '000000');

  it('checks at most LOGIN_RATE_PER_MINUTE failed password steps from one address, however many arrive at once', async () => {
    const limited = await startTestServer({ LOGIN_RATE_PER_MINUTE: '3' });
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          limited.app.inject({
            method: 'POST',
            url: '/ajax/backoffice/sign-in/password',
            headers: MUTATION_HEADERS,
            payload: { username: `nobody_${i}_x`, password: 'wrong-password1' },
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(9);
      expect(answers.find((a) => a.statusCode === 429)!.json().message).toBe('登录尝试过于频繁，请稍后再试');
    } finally {
      await limited.close();
    }
  });

  it('does not count right steps: more operators than the limit sign in from one address', async () => {
    const limited = await startTestServer({ LOGIN_RATE_PER_MINUTE: '3' });
    try {
      const operators = await Promise.all(Array.from({ length: 4 }, () => createOperator(limited.app, 'SUPPORT')));
      // Every step proves right, so none is left counted.
      for (const operator of operators) await signIn(limited.app, operator);
      const wrong = await limited.app.inject({
        method: 'POST',
        url: '/ajax/backoffice/sign-in/password',
        headers: MUTATION_HEADERS,
        payload: { username: operators[0]!.username, password: 'wrong-password1' },
      });
      expect(wrong.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('counts wrong second-factor codes as failed steps: 429 after LOGIN_RATE_PER_MINUTE of them', async () => {
    const limited = await startTestServer({ LOGIN_RATE_PER_MINUTE: '3', OPERATOR_MAX_FAILURES: '50' });
    try {
      const operator = await createOperator(limited.app, 'FINANCE');
      const password = await limited.app.inject({
        method: 'POST',
        url: '/ajax/backoffice/sign-in/password',
        headers: MUTATION_HEADERS,
        payload: { username: operator.username, password: operator.password },
      });
      expect(password.statusCode).toBe(200);
      const pending = operatorCookieOf(password)!;
      const wrong = wrongCodeOf(operator);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = await limited.app.inject({
          method: 'POST',
          url: '/ajax/backoffice/sign-in/code',
          headers: operatorHeaders(pending),
          payload: { code: wrong },
        });
        statuses.push(answer.statusCode);
      }
      // The right password was not counted; three wrong codes were, then the address is braked.
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
      // A braked step is not counted against the operator either.
      const counted = await limited.db.database.pool.query<{ failed_attempts: number }>('SELECT failed_attempts FROM operators WHERE id = $1', [operator.id]);
      expect(counted.rows[0]!.failed_attempts).toBe(4);
    } finally {
      await limited.close();
    }
  });

  it('brakes wrong codes and enrolment codes arriving at once', async () => {
    const limited = await startTestServer({ LOGIN_RATE_PER_MINUTE: '3', OPERATOR_MAX_FAILURES: '50' });
    try {
      const enrolled = await createOperator(limited.app, 'FINANCE');
      const fresh = await createOperator(limited.app, 'SUPPORT', { enrolled: false });
      const passwordStep = (operator: { username: string; password: string }) =>
        limited.app.inject({
          method: 'POST',
          url: '/ajax/backoffice/sign-in/password',
          headers: MUTATION_HEADERS,
          payload: { username: operator.username, password: operator.password },
        });
      const codePending = operatorCookieOf(await passwordStep(enrolled))!;
      const enrolPassword = await passwordStep(fresh);
      expect(enrolPassword.json().next).toBe('ENROLMENT');
      const enrolPending = operatorCookieOf(enrolPassword)!;
      const secret: string = enrolPassword.json().enrolment.secret;
      const wrongEnrol = totpCode(secret) === '000000' ? '111111' : '000000';
      const wrongCode = wrongCodeOf(enrolled);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          i % 2 === 0
            ? limited.app.inject({ method: 'POST', url: '/ajax/backoffice/sign-in/code', headers: operatorHeaders(codePending), payload: { code: wrongCode } })
            : limited.app.inject({
                method: 'POST',
                url: '/ajax/backoffice/sign-in/enrol',
                headers: operatorHeaders(enrolPending),
                payload: { code: wrongEnrol },
              }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    } finally {
      await limited.close();
    }
  });
});

describe('a password step racing a password reset', () => {
  async function waitForLockWaiter(): Promise<void> {
    const pool = server.db.database.pool;
    for (let i = 0; i < 200; i++) {
      const waiting = await pool.query("SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()");
      if ((waiting.rowCount ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('no request waited for the lock');
  }

  it('checks the password the reset left, so the old one yields no session', async () => {
    const target = await createOperator(server.app, 'FINANCE');
    // The reset is in progress (its transaction holds the operator's row) while the old password is tried.
    const admin = await server.db.database.pool.connect();
    try {
      await admin.query('BEGIN');
      await admin.query("UPDATE operators SET password_hash = 'reset-in-progress' WHERE id = $1", [target.id]);
      await admin.query('UPDATE operator_sessions SET revoked_at = now() WHERE operator_id = $1 AND revoked_at IS NULL', [target.id]);
      const pending = post('/sign-in/password', { username: target.username, password: target.password });
      await waitForLockWaiter();
      await admin.query('COMMIT');
      const password = await pending;
      expect(password.statusCode).toBe(401);
      expect(operatorCookieOf(password)).toBeNull();
      const sessions = await server.db.database.pool.query('SELECT 1 FROM operator_sessions WHERE operator_id = $1 AND revoked_at IS NULL', [target.id]);
      expect(sessions.rowCount).toBe(0);
    } finally {
      admin.release();
    }
  });
});

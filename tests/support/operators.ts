// Back-office test helpers: fresh operators of a role (POST /ajax/test/operators) signed in through
// the real endpoints (password, then a TOTP code), as a cookie header for app.inject.
import type { FastifyInstance } from 'fastify';
import type { OperatorRole } from '../../src/shared/backoffice/permissions.ts';
import { totpCode, TOTP_STEP_SECONDS } from '../../src/server/backoffice/core/totp.ts';
import type { TestOperator } from '../../src/server/testing/test-operators.ts';
import { MUTATION_HEADERS } from './http.ts';

export const OPERATOR_COOKIE_NAME = 'jinli_operator';
export type { TestOperator };

/** A fresh operator (enrolled unless `enrolled: false`): id, username, password, TOTP secret. */
export async function createOperator(app: FastifyInstance, role: OperatorRole, options: { enrolled?: boolean } = {}): Promise<TestOperator> {
  const response = await app.inject({ method: 'POST', url: '/ajax/test/operators', headers: MUTATION_HEADERS, payload: { role, ...options } });
  if (response.statusCode !== 200) throw new Error(`test operator: ${response.statusCode} ${response.body}`);
  return response.json<TestOperator>();
}

/** The operator cookie of a response, as a Cookie header value ('' when the response cleared it). */
export function operatorCookieOf(response: { cookies: { name: string; value: string }[] }): string | null {
  const cookie = response.cookies.find((c) => c.name === OPERATOR_COOKIE_NAME);
  return cookie ? `${OPERATOR_COOKIE_NAME}=${cookie.value}` : null;
}

/**
 * A TOTP code no earlier sign-in of this operator used: each sign-in claims a step, and a step (or an
 * older one) is never accepted twice, so the n-th sign-in within one step uses the code of a later one
 * (the server accepts one step ahead; `offset` 0 or 1).
 */
export function codeFor(operator: TestOperator, offset = 0): string {
  if (!operator.totpSecret) throw new Error('operator not enrolled');
  return totpCode(operator.totpSecret, Date.now() + offset * TOTP_STEP_SECONDS * 1000);
}

/** Signs an enrolled operator in (password, then code) and returns the Cookie header value. */
export async function signIn(app: FastifyInstance, operator: TestOperator, codeOffset = 0): Promise<string> {
  const password = await app.inject({
    method: 'POST',
    url: '/ajax/backoffice/sign-in/password',
    headers: MUTATION_HEADERS,
    payload: { username: operator.username, password: operator.password },
  });
  if (password.statusCode !== 200) throw new Error(`operator password step: ${password.statusCode} ${password.body}`);
  const pending = operatorCookieOf(password)!;
  const code = await app.inject({
    method: 'POST',
    url: '/ajax/backoffice/sign-in/code',
    headers: { ...MUTATION_HEADERS, cookie: pending },
    payload: { code: codeFor(operator, codeOffset) },
  });
  if (code.statusCode !== 200) throw new Error(`operator code step: ${code.statusCode} ${code.body}`);
  return operatorCookieOf(code)!;
}

/** A fresh operator of `role`, signed in: the Cookie header value for its requests. */
export async function operatorCookie(app: FastifyInstance, role: OperatorRole): Promise<string> {
  return signIn(app, await createOperator(app, role));
}

/** Same, with the operator itself (for tests that need its id or username). */
export async function signedInOperator(app: FastifyInstance, role: OperatorRole): Promise<{ operator: TestOperator; cookie: string }> {
  const operator = await createOperator(app, role);
  return { operator, cookie: await signIn(app, operator) };
}

/** Headers for a back-office mutation as the operator of `cookie`. */
export function operatorHeaders(cookie: string): Record<string, string> {
  return { ...MUTATION_HEADERS, cookie };
}

// Request helpers for server tests: the CSRF header on mutations, the session cookie from login.
import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../src/shared/api/errors.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed.ts';

export const MUTATION_HEADERS = { [CSRF_HEADER]: CSRF_HEADER_VALUE };

export async function loginCookie(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({
    method: 'PUT',
    url: '/ajax/login',
    headers: MUTATION_HEADERS,
    payload: { username, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'jinli_session');
  if (!cookie) throw new Error('no session cookie');
  return `jinli_session=${cookie.value}`;
}

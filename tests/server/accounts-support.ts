// Helpers for the accounts and protection tests (not a test file itself).
import type { InjectOptions } from 'fastify';
import { vi } from 'vitest';
import { storeChallenge } from '../../src/server/accounts/captcha/challenges.ts';
import { hashPassword } from '../../src/server/session/passwords.ts';
import type { TestServer } from '../support/db.ts';
import { MUTATION_HEADERS } from '../support/http.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export function call(server: TestServer, method: Method, url: string, options: { cookie?: string; payload?: unknown; ip?: string } = {}) {
  const headers: Record<string, string> = method === 'GET' ? {} : { ...MUTATION_HEADERS };
  if (options.cookie) headers.cookie = options.cookie;
  const request: InjectOptions = { method, url, headers };
  if (options.payload !== undefined) request.payload = options.payload as InjectOptions['payload'];
  if (options.ip) request.remoteAddress = options.ip;
  return server.app.inject(request);
}

/** A captcha challenge whose answer the test knows (the image's answer exists only as pixels). */
export function knownCaptcha(server: TestServer, answer = 'AB23'): Promise<string> {
  return storeChallenge(server.db.database.pool, answer, 60_000);
}

export function sessionCookieOf(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === 'jinli_session');
  if (!cookie) throw new Error('no session cookie');
  return `jinli_session=${cookie.value}`;
}

export interface NewCustomer {
  username: string;
  password?: string;
  registrationLinkId?: string | null;
  firstLogin?: boolean;
  contactRequired?: boolean;
  phone?: string | null;
  email?: string | null;
  parent?: string;
}

/** Inserts a customer directly (an account made by hand, or one to test against). Returns its id. */
export async function createCustomer(server: TestServer, customer: NewCustomer): Promise<number> {
  const pool = server.db.database.pool;
  const result = await pool.query<{ id: number }>(
    `INSERT INTO customers (username, username_key, password_hash, alias, type, registration_link_id, first_login,
                            first_login_contact_required, phone, email, parent_id)
     VALUES ($1, lower($1), $2, $1, 'PLAYER', $3, $4, $5, $6, $7, (SELECT id FROM customers WHERE username_key = $8))
     RETURNING id`,
    [
      customer.username,
      await hashPassword(customer.password ?? 'abc12345'),
      customer.registrationLinkId ?? null,
      customer.firstLogin ?? false,
      customer.contactRequired ?? false,
      customer.phone ?? null,
      customer.email ?? null,
      customer.parent ?? 'demo_agent',
    ],
  );
  return result.rows[0]!.id;
}

/** Everything about a customer that an endpoint might change, for "nothing changed" assertions. */
export async function customerSnapshot(server: TestServer, username: string): Promise<Record<string, unknown>> {
  const result = await server.db.database.pool.query('SELECT * FROM customers WHERE username_key = lower($1)', [username]);
  return result.rows[0];
}

/** The 6-digit code in the newest outbox message to `destination`. */
export async function latestCode(server: TestServer, destination: string): Promise<string> {
  const result = await server.db.database.pool.query<{ body: string }>(
    'SELECT body FROM outbox_messages WHERE destination = $1 ORDER BY id DESC LIMIT 1',
    [destination],
  );
  const code = /\d{6}/.exec(result.rows[0]?.body ?? '')?.[0];
  if (!code) throw new Error(`no code sent to ${destination}`);
  return code;
}

/** Makes the newest code of a customer old enough to ask for another (the 60-second cooldown). */
export async function skipCooldown(server: TestServer, customerId: number): Promise<void> {
  await server.db.database.pool.query(
    `UPDATE verification_codes SET created_at = created_at - interval '2 minutes' WHERE customer_id = $1`,
    [customerId],
  );
}

export async function login(server: TestServer, username: string, password: string): Promise<string> {
  const response = await call(server, 'PUT', '/ajax/login', { payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return sessionCookieOf(response);
}

/**
 * Holds every session insert (a login between its password check and its new session) until
 * `release()`; `reached` resolves once one is held. The server runs in this process on this pool.
 */
export function holdSessionInserts(target: TestServer) {
  const pool = target.db.database.pool;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  let reach!: () => void;
  let open!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const released = new Promise<void>((resolve) => (open = resolve));
  const spy = vi.spyOn(pool, 'query').mockImplementation((async (...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
    if (text?.includes('INSERT INTO sessions')) {
      reach();
      await released;
    }
    return query(...args);
  }) as unknown as typeof pool.query);
  return {
    reached,
    release() {
      spy.mockRestore();
      open();
    },
  };
}

// Helpers for the agent team tests (not a test file itself): customers placed anywhere in the tree,
// funded by a ledger transfer, with a money password, signed in.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { yuan } from '../../src/shared/money.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { hashPassword } from '../../src/server/session/passwords.ts';
import { playerAccountId, postTransfer, systemAccountId } from '../../src/server/wallet/ledger.ts';
import type { TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';

export const MONEY_PASSWORD = 'm0ney-pass';
let counter = 0;

export interface Member {
  id: number;
  username: string;
  cookie: () => Promise<string>;
}

export function call(server: TestServer, method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) {
  const request: InjectOptions = { method, url, headers: method === 'GET' ? { cookie } : { ...MUTATION_HEADERS, cookie } };
  if (payload !== undefined) request.payload = payload as InjectOptions['payload'];
  return server.app.inject(request);
}

export async function idOf(server: TestServer, username: string): Promise<number> {
  const found = await server.db.database.pool.query<{ id: number }>('SELECT id FROM customers WHERE username_key = $1', [username]);
  return found.rows[0]!.id;
}

let passwordHash: Promise<string> | null = null;
let moneyHash: Promise<string> | null = null;

/** A customer under `parentId` with the demo password, a money password and `funds` 元. */
export async function addCustomer(
  server: TestServer,
  options: { parentId: number; type?: 'AGENT' | 'PLAYER'; prizeGroup: number; funds?: number; prefix?: string; trial?: boolean },
): Promise<Member> {
  const pool = server.db.database.pool;
  const username = `${options.prefix ?? 'tm'}${process.pid % 1000}x${counter++}`.slice(0, 16);
  passwordHash ??= hashPassword(DEMO_PASSWORD);
  moneyHash ??= hashPassword(MONEY_PASSWORD);
  const inserted = await pool.query<{ id: number }>(
    `INSERT INTO customers (username, username_key, password_hash, money_password_hash, alias, type, parent_id, prize_group, test_mode)
     VALUES ($1, lower($1), $2, $3, $1, $4, $5, $6, $7) RETURNING id`,
    [username, await passwordHash, await moneyHash, options.type ?? 'PLAYER', options.parentId, options.prizeGroup, options.trial ? 'USER_TEST' : null],
  );
  const id = inserted.rows[0]!.id;
  if (options.funds) await fund(server, id, options.funds);
  let cookie: Promise<string> | null = null;
  return { id, username, cookie: () => (cookie ??= loginCookie(server.app, username)) };
}

export async function fund(server: TestServer, customerId: number, whole: number): Promise<void> {
  await withTransaction(server.db.database.pool, async (client) => {
    const wallet = await playerAccountId(client, customerId);
    const external = await systemAccountId(client, 'external:test-funding', 'EXTERNAL');
    await postTransfer(client, {
      idempotencyKey: `test-fund:${randomUUID()}`,
      type: 'DEP',
      legs: [
        { accountId: external, amount: -yuan(whole) },
        { accountId: wallet, amount: yuan(whole) },
      ],
    });
  });
}

export async function balanceOf(server: TestServer, customerId: number): Promise<number> {
  const found = await server.db.database.pool.query<{ balance: number }>(
    `SELECT balance FROM ledger_accounts WHERE customer_id = $1 AND kind = 'PLAYER_MAIN'`,
    [customerId],
  );
  return found.rows[0]?.balance ?? 0;
}

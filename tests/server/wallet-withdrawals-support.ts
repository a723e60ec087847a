// Helpers for the withdrawal and payout-account tests (not a test file itself): a fresh player of the
// test's own with money (a DEP transfer from an external account) and a money password, signed in.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { WITHDRAWAL_PATHS } from '../../src/shared/api/withdrawals.ts';
import { yuan, type Money } from '../../src/shared/money.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { hashPassword } from '../../src/server/session/passwords.ts';
import { playerAccountId, postTransfer, systemAccountId } from '../../src/server/wallet/ledger.ts';
import type { TestServer } from '../support/db.ts';
import { MUTATION_HEADERS } from '../support/http.ts';
import { createCustomer, login } from './accounts-support.ts';

export const MONEY_PASSWORD = 'm0ney-pass';
const LOGIN_PASSWORD = 'abc12345';
let counter = 0;

export interface Player {
  id: number;
  username: string;
  cookie: string;
}

export function call(server: TestServer, method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) {
  const request: InjectOptions = { method, url, headers: method === 'GET' ? { cookie } : { ...MUTATION_HEADERS, cookie } };
  if (payload !== undefined) request.payload = payload as InjectOptions['payload'];
  return server.app.inject(request);
}

/** Credits `amount` as a deposit would (DEP from an external account), in its own transaction. */
export async function deposit(server: TestServer, customerId: number, amount: Money): Promise<void> {
  const pool = server.db.database.pool;
  await withTransaction(pool, async (client) => {
    const wallet = await playerAccountId(client, customerId);
    const external = await systemAccountId(client, 'external:test-funding', 'EXTERNAL');
    await postTransfer(client, {
      idempotencyKey: `test-deposit:${randomUUID()}`,
      type: 'DEP',
      legs: [
        { accountId: external, amount: -amount },
        { accountId: wallet, amount },
      ],
    });
  });
}

export async function newPlayer(server: TestServer, options: { balance?: Money; moneyPassword?: string | null } = {}): Promise<Player> {
  const username = `wd${process.pid % 10_000}x${counter++}${Math.floor(Math.random() * 1000)}`.slice(0, 16);
  const id = await createCustomer(server, { username, password: LOGIN_PASSWORD });
  const moneyPassword = options.moneyPassword === undefined ? MONEY_PASSWORD : options.moneyPassword;
  if (moneyPassword !== null) {
    await server.db.database.pool.query('UPDATE customers SET money_password_hash = $2 WHERE id = $1', [id, await hashPassword(moneyPassword)]);
  }
  if ((options.balance ?? 0) > 0) await deposit(server, id, options.balance!);
  return { id, username, cookie: await login(server, username, LOGIN_PASSWORD) };
}

/** A 16–19 digit number that passes the Luhn check, ending in `tail` digits chosen by the test. */
export function luhnCard(prefix = '621700', length = 19): string {
  const body = prefix + String(Math.floor(Math.random() * 1e12)).padStart(length - prefix.length - 1, '0').slice(0, length - prefix.length - 1);
  for (let check = 0; check <= 9; check++) {
    const candidate = `${body}${check}`;
    let sum = 0;
    for (let i = 0; i < candidate.length; i++) {
      let digit = Number(candidate[candidate.length - 1 - i]);
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

export function bankBody(overrides: Record<string, unknown> = {}) {
  return { kind: 'BANK', bankCode: 'ICBC', accountNumber: luhnCard(), branch: '北京朝阳支行', realName: '张三', moneyPassword: MONEY_PASSWORD, ...overrides };
}

export async function bindBank(server: TestServer, player: Player, overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await call(server, 'POST', WITHDRAWAL_PATHS.payoutAccounts, player.cookie, bankBody(overrides));
  if (response.statusCode !== 200) throw new Error(`bind: ${response.statusCode} ${response.body}`);
  return response.json<{ id: number }>().id;
}

/** Makes a bound account old enough that the new-account audit rule no longer applies. */
export async function ageAccounts(server: TestServer, customerId: number, hours = 48): Promise<void> {
  await server.db.database.pool.query(`UPDATE payout_accounts SET created_at = now() - make_interval(hours => $2) WHERE customer_id = $1`, [
    customerId,
    hours,
  ]);
}

export function withdraw(server: TestServer, player: Player, payoutAccountId: number, amount: string | number, extra: Record<string, unknown> = {}) {
  return call(server, 'POST', WITHDRAWAL_PATHS.withdrawal, player.cookie, {
    payoutAccountId,
    amount,
    moneyPassword: MONEY_PASSWORD,
    clientKey: randomUUID(),
    ...extra,
  });
}

export async function balanceOf(server: TestServer, customerId: number): Promise<Money> {
  const found = await server.db.database.pool.query<{ balance: number }>(
    `SELECT balance FROM ledger_accounts WHERE customer_id = $1 AND kind = 'PLAYER_MAIN'`,
    [customerId],
  );
  return found.rows[0]?.balance ?? 0;
}

export async function statusOf(server: TestServer, withdrawalId: number): Promise<{ status: string; payout_state: string; reason: string | null }> {
  const found = await server.db.database.pool.query('SELECT status, payout_state, reason FROM withdrawals WHERE id = $1', [withdrawalId]);
  return found.rows[0];
}

/** Lets the automatic audit pass a player's next request (an old account, an earlier paid withdrawal is not needed). */
export async function trustedSettings(server: TestServer, patch: Record<string, unknown> = {}): Promise<void> {
  const sets = Object.entries(patch).map(([column], i) => `${column} = $${i + 1}`);
  if (sets.length > 0) await server.db.database.pool.query(`UPDATE withdrawal_settings SET ${sets.join(', ')}`, Object.values(patch));
}

export { yuan };

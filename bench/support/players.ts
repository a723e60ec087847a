// Many funded players for load: customers rows by SQL, their wallet accounts, and the funds as real
// ledger transfers (DEP from an external account, one per player, idempotency-keyed) — never a
// direct write of a balance. Sessions are created directly (what a successful login stores).
import type pg from 'pg';
import { withTransaction } from '../../src/server/db/pool.ts';
import { hashPassword } from '../../src/server/session/passwords.ts';
import { createSession } from '../../src/server/session/store.ts';
import { SESSION_COOKIE } from '../../src/server/session/tokens.ts';
import { postTransfers, systemAccountId, type TransferInput } from '../../src/server/wallet/ledger.ts';
import { yuan } from '../../src/shared/money.ts';

export interface BenchPlayer {
  customerId: number;
  accountId: number;
}

export const BENCH_PASSWORD = 'bench-password-1';

/** Creates `count` players (bench_p000001…) with `fundsYuan` each in their main wallet. */
export async function createFundedPlayers(pool: pg.Pool, count: number, fundsYuan: number): Promise<BenchPlayer[]> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const customers = await pool.query<{ id: number }>(
    `INSERT INTO customers (username, username_key, password_hash, alias, type, prize_group)
     SELECT 'bench_p' || lpad(n::text, 6, '0'), 'bench_p' || lpad(n::text, 6, '0'), $2, '压测玩家' || n, 'PLAYER', 1950
       FROM generate_series(1, $1::int) AS n
     RETURNING id`,
    [count, passwordHash],
  );
  const ids = customers.rows.map((r) => r.id).sort((a, b) => a - b);
  // The same row playerAccountId() creates on first use (balance 0); the money comes below.
  const accounts = await pool.query<{ id: number; customer_id: number }>(
    `INSERT INTO ledger_accounts (code, kind, customer_id)
     SELECT 'player:' || c || ':main', 'PLAYER_MAIN', c FROM unnest($1::bigint[]) AS c
     RETURNING id, customer_id`,
    [ids],
  );
  const accountOf = new Map(accounts.rows.map((r) => [r.customer_id, r.id]));
  const source = await systemAccountId(pool, 'external:bench-funding', 'EXTERNAL');
  const players = ids.map((customerId) => ({ customerId, accountId: accountOf.get(customerId)! }));
  for (let i = 0; i < players.length; i += 1000) {
    const transfers: TransferInput[] = players.slice(i, i + 1000).map((p) => ({
      idempotencyKey: `bench:funds:${p.customerId}`,
      type: 'DEP',
      memo: '压测充值',
      legs: [
        { accountId: source, amount: -yuan(fundsYuan) },
        { accountId: p.accountId, amount: yuan(fundsYuan) },
      ],
    }));
    await withTransaction(pool, (client) => postTransfers(client, transfers));
  }
  return players;
}

/** One session per player, as PUT /ajax/login would store it; returns the Cookie header values. */
export async function createSessionCookies(pool: pg.Pool, players: readonly BenchPlayer[]): Promise<string[]> {
  const cookies: string[] = [];
  for (const p of players) {
    const { token } = await createSession(pool, { customerId: p.customerId, remember: true, lifetimeMs: 86_400_000, userAgent: 'jinli-bench' });
    cookies.push(`${SESSION_COOKIE}=${token}`);
  }
  return cookies;
}

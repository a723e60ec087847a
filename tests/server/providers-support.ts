// Shared set-up of the provider server tests: the sandbox provider in its own process, a platform
// server using it (jobs off: the tests drive them), the demo providers enabled, fresh players, and
// the checks every fault-matrix row ends with (the ledger reconciles, no money created or lost).
import { expect } from 'vitest';
import { createTestAccount, TEST_ACCOUNT_PASSWORD } from '../../src/server/testing/test-accounts.ts';
import { seedDemoProviders } from '../../src/server/db/seed-providers.ts';
import { providerPlayerRef } from '../../src/server/providers/adapter.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { yuan, type Money } from '../../src/shared/money.ts';
import type { ThirdPartyProvider } from '../../src/shared/enums.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { startSandboxProvider, type SandboxProviderProcess } from '../support/providers.ts';

export interface World {
  server: TestServer;
  sandbox: SandboxProviderProcess;
  close(): Promise<void>;
}

/** PROVIDER_TIMEOUT_MS in tests: well below the sandbox's hold (TEST_PROVIDER_HOLD_MS), so a held transfer is in doubt. */
export const TEST_TIMEOUT_MS = '1000';

export async function startWorld(env: Record<string, string> = {}): Promise<World> {
  const sandbox = await startSandboxProvider();
  const server = await startTestServer({
    ...sandbox.env,
    PROVIDER_TIMEOUT_MS: TEST_TIMEOUT_MS,
    PROVIDER_RESOLVE_INTERVAL_MS: '0',
    PROVIDER_RECORDS_INTERVAL_MS: '0',
    ...env,
  });
  await seedDemoProviders(server.db.database.pool);
  return {
    server,
    sandbox,
    async close() {
      await server.close();
      await sandbox.close();
    },
  };
}

export interface Player {
  id: number;
  username: string;
  cookie: string;
  ref: string;
}

export async function newPlayer(server: TestServer, funds = 1_000, kind: 'PLAYER' | 'TRIAL' = 'PLAYER'): Promise<Player> {
  const pool = server.db.database.pool;
  const account = await createTestAccount(pool, { kind, alias: '测试玩家', vipLevel: 'NOT_VIP', funds });
  const id = (await pool.query<{ id: number }>('SELECT id FROM customers WHERE username = $1', [account.username])).rows[0]!.id;
  return { id, username: account.username, cookie: await loginCookie(server.app, account.username, TEST_ACCOUNT_PASSWORD), ref: providerPlayerRef(id) };
}

let keys = 0;
export const requestKey = (prefix = 'key') => `${prefix}-${Date.now().toString(36)}-${keys++}`;

export function call(server: TestServer, method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) {
  return server.app.inject({
    method,
    url,
    headers: { ...(method === 'GET' ? {} : MUTATION_HEADERS), ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export function transferCall(server: TestServer, player: Player, provider: ThirdPartyProvider, direction: 'IN' | 'OUT', yuanAmount: number, key = requestKey()) {
  return call(server, 'POST', '/ajax/wallet/third-party/transfers', player.cookie, { provider, direction, amount: yuan(yuanAmount), requestKey: key });
}

export async function mainBalance(server: TestServer, customerId: number): Promise<Money> {
  const found = await server.db.database.pool.query<{ balance: number }>(`SELECT balance FROM ledger_accounts WHERE customer_id = $1 AND kind = 'PLAYER_MAIN'`, [customerId]);
  return found.rows[0]?.balance ?? 0;
}

export async function transferRow(server: TestServer, id: string | number) {
  const found = await server.db.database.pool.query<{ status: string; reference: string; pending_transfer_id: number; direction: string; amount: number }>(
    'SELECT * FROM provider_transfers WHERE id = $1',
    [Number(id)],
  );
  return found.rows[0]!;
}

/**
 * The end of every row: the ledger reconciles (entries sum to zero, balances = Σ entries), the hold
 * account carries exactly the open transfers (and withdrawals), and for each player whose transfers
 * are all resolved: main wallet + provider wallets (asked from the sandbox) = funds + Σ(payout − stake)
 * of the records pulled (no money created or lost).
 */
export async function expectBooksBalanced(world: World, players: { player: Player; funds: number; providers: ThirdPartyProvider[] }[]): Promise<void> {
  const pool = world.server.db.database.pool;
  const report = await reconcile(pool);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
  const held = await pool.query<{ held: number }>(
    `SELECT coalesce(sum(e.amount), 0)::bigint AS held FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.code = 'clearing:pending'`,
  );
  const open = await pool.query<{ amount: number }>(`SELECT coalesce(sum(amount), 0)::bigint AS amount FROM provider_transfers WHERE status IN ('PENDING', 'IN_DOUBT')`);
  const withdrawalsHeld = await pool.query<{ amount: number }>(
    `SELECT coalesce(sum(amount), 0)::bigint AS amount FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id
      JOIN ledger_accounts a ON a.id = e.account_id WHERE t.state = 'PENDING' AND t.type = 'WPEND' AND a.code = 'clearing:pending'`,
  );
  expect(held.rows[0]!.held).toBe(open.rows[0]!.amount + withdrawalsHeld.rows[0]!.amount);
  for (const { player, funds, providers } of players) {
    let atProviders = 0;
    for (const provider of providers) atProviders += await world.sandbox.adapter(provider).balance(player.ref);
    const records = await pool.query<{ net: number }>(
      `SELECT coalesce(sum(CASE status WHEN 'SETTLED' THEN payout - stake WHEN 'OPEN' THEN -stake ELSE 0 END), 0)::bigint AS net
         FROM provider_bet_records WHERE customer_id = $1`,
      [player.id],
    );
    expect((await mainBalance(world.server, player.id)) + atProviders).toBe(yuan(funds) + records.rows[0]!.net);
  }
}

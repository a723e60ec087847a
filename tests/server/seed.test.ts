// The demo data is seeded on every start (docs/architecture.md, demo data): a second run must find
// everything in place and add nothing, and must not top up a balance the demo accounts have spent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMERS, seedDemoData } from '../../src/server/db/seed.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { playerAccountId, postTransfer, reconcile, systemAccountId } from '../../src/server/wallet/ledger.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** Every row the seed writes, in a comparable form. */
async function snapshot() {
  const q = async (sql: string) => (await db.database.pool.query(sql)).rows;
  return {
    customers: await q('SELECT id, username, alias, type, vip_level, test_mode, parent_id, registration_link_id FROM customers ORDER BY id'),
    transfers: await q('SELECT id, idempotency_key, type FROM ledger_transfers ORDER BY id'),
    entries: await q('SELECT count(*)::int AS n FROM ledger_entries'),
    accounts: await q('SELECT id, code, balance FROM ledger_accounts ORDER BY id'),
    ownGames: await q('SELECT draw_type, enabled, play_modes, sort_order FROM own_games ORDER BY draw_type'),
    providers: await q('SELECT code, enabled FROM third_party_providers ORDER BY code'),
    links: await q('SELECT id, agent_id FROM registration_links ORDER BY id'),
  };
}

describe('demo seed', () => {
  it('creates the demo customers, their funds, the own games, the providers and the link once', async () => {
    await seedDemoData(db.database.pool);
    const first = await snapshot();
    expect(first.customers.map((c) => c.username).sort()).toEqual(DEMO_CUSTOMERS.map((c) => c.username).sort());
    // The demo customers' funds, and the demo red packet's budget moved into its escrow account.
    expect(first.transfers.map((t) => t.idempotency_key).sort()).toEqual(
      [...DEMO_CUSTOMERS.map((c) => `seed:${c.username}:initial-funds`), 'red-packet:1:fund'].sort(),
    );
    expect(first.ownGames.length).toBeGreaterThan(0);
    expect(first.providers.length).toBeGreaterThan(0);
    expect(first.links).toHaveLength(1);

    await seedDemoData(db.database.pool);
    expect(await snapshot()).toEqual(first);
    expect((await reconcile(db.database.pool)).ok).toBe(true);
  });

  it('does not top up a demo balance that was spent, nor reset an operator change', async () => {
    const pool = db.database.pool;
    const player = (await pool.query<{ id: number }>("SELECT id FROM customers WHERE username = 'demo_player'")).rows[0]!.id;
    const account = await playerAccountId(pool, player);
    const house = await systemAccountId(pool, 'house:test-spend', 'HOUSE');
    await withTransaction(pool, (client) =>
      postTransfer(client, {
        idempotencyKey: 'test:seed:spend',
        type: 'BET',
        legs: [
          { accountId: account, amount: -1_2345 },
          { accountId: house, amount: 1_2345 },
        ],
      }),
    );
    await pool.query("UPDATE own_games SET enabled = false WHERE draw_type = 'CQSSC'");
    const spent = await snapshot();

    await seedDemoData(pool);
    expect(await snapshot()).toEqual(spent);
    const balance = spent.accounts.find((a) => a.id === account)!.balance;
    expect(balance).toBe(10_000 * 10_000 - 1_2345);
  });
});

// The statement's queries on a ledger of a few hundred thousand entries: PostgreSQL reads the
// player's entries of the range through ledger_entries_account_created_idx (drizzle/0024_finance.sql),
// never the whole table, for the count and for a page, with and without a type filter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementSql } from '../../src/server/wallet/statements/transactions.ts';
import { statementWindow } from '../../src/shared/api/wallet.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

let db: TestDatabase;
let heavy: number;
const TRANSFERS = 150_000;

beforeAll(async () => {
  db = await createTestDatabase();
  const pool = db.database.pool;
  const accounts = await pool.query<{ id: number }>(
    `INSERT INTO ledger_accounts (code, kind, allow_negative) SELECT 'plan:' || g, 'HOUSE', true FROM generate_series(0, 1000) g RETURNING id`,
  );
  heavy = accounts.rows[0]!.id;
  const house = accounts.rows[1000]!.id;
  // Every third transfer is the heavy player's (50,000 entries over 60 days); the rest spread over 999 others.
  await pool.query(
    `INSERT INTO ledger_transfers (idempotency_key, type, created_at)
     SELECT 'plan:' || g, (ARRAY['BET', 'WIN', 'BET', 'DEP'])[1 + g % 4], now() - g * (interval '60 days' / $1::int)
       FROM generate_series(1, $1::int) g`,
    [TRANSFERS],
  );
  await pool.query(
    `INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
     SELECT t.id, CASE WHEN g % 3 = 0 THEN $1::bigint ELSE $1::bigint + 1 + g % 999 END, 10000, 10000, t.created_at
       FROM ledger_transfers t, LATERAL (SELECT substr(t.idempotency_key, 6)::int AS g) s WHERE t.idempotency_key LIKE 'plan:%'
     UNION ALL
     SELECT t.id, $2::bigint, -10000, -10000, t.created_at FROM ledger_transfers t WHERE t.idempotency_key LIKE 'plan:%'`,
    [heavy, house],
  );
  await pool.query('ANALYZE ledger_entries');
  await pool.query('ANALYZE ledger_transfers');
}, 60_000);
afterAll(() => db?.drop());

async function plan(statement: { text: string; values: unknown[] }): Promise<string> {
  const result = await db.database.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.text}`, statement.values);
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('statement query plans', () => {
  const { earliest, today } = statementWindow(Date.now());
  const ranges = [
    { from: earliest, to: today, page: 1, pageSize: 20 },
    { from: today, to: today, page: 3, pageSize: 20 },
    { from: earliest, to: today, type: 'deposit' as const, page: 1, pageSize: 20 },
    { from: earliest, to: today, type: 'BET' as const, page: 50, pageSize: 100 },
  ];

  it('has a few hundred thousand entries to plan against', async () => {
    const count = await db.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entries');
    expect(count.rows[0]!.n).toBeGreaterThanOrEqual(2 * TRANSFERS);
  });

  for (const range of ranges) {
    it(`reads the range through the index: ${JSON.stringify(range)}`, async () => {
      const sql = statementSql(heavy, range);
      for (const statement of [sql.count, sql.page]) {
        const text = await plan(statement);
        expect(text).toMatch(/ledger_entries_account_created_idx/);
        expect(text).not.toMatch(/Seq Scan on ledger_entries/);
      }
    });
  }
});

// A draw killed (SIGKILL) in the middle of its transaction, in its own process: it holds the round's
// row and waits for the pool account, which this test keeps locked; once it is dead its transaction is
// gone, and the next draw pays the round once. Nothing of the dead draw remains.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { yuan } from '../../src/shared/money.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { drawRound } from '../../src/server/jackpot/draw-round.ts';
import { jackpotPoolAccountId } from '../../src/server/jackpot/pool-account.ts';
import { commitRound } from '../../src/server/jackpot/schedule.ts';
import { sweepContributions } from '../../src/server/jackpot/sweep.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { startTestServer, type TestServer } from '../support/db.ts';

let server: TestServer;
let pool: pg.Pool;

beforeAll(async () => {
  server = await startTestServer();
  pool = server.db.database.pool;
});
afterAll(() => server?.close());

const CHILD = `
import pg from 'pg';
import { drawRound } from './src/server/jackpot/draw-round.ts';
const pool = new pg.Pool({ connectionString: process.env.CRASH_DB_URL, max: 2, application_name: 'jackpot-crash-child' });
await drawRound(pool, Number(process.env.CRASH_ROUND));
process.stdout.write('finished\\n');
await pool.end();
`;

describe('a jackpot draw killed half-way', () => {
  it('leaves the round open and unpaid; the next draw pays it once', async () => {
    const player = (await pool.query<{ id: string }>(`SELECT id FROM customers WHERE username_key = 'demo_player'`)).rows[0]!.id;
    const start = Date.now() - 86_400_000;
    const roundId = await withTransaction(pool, async (client) => {
      const id = await commitRound(client, 'LUCKY', start, start + 600_000, yuan(2));
      const order = await client.query<{ id: string }>(
        `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, status, bet_count, total_stake, prize_group, settled_at)
         VALUES ($1, 'jp-crash', 'UUFFC', 'REGULAR', '1', 'LOST', 1, $2, 1950, now()) RETURNING id`,
        [player, yuan(100)],
      );
      await client.query(`INSERT INTO jackpot_contributions (order_id, amount, created_at) VALUES ($1, $2, to_timestamp($3 / 1000.0))`, [
        order.rows[0]!.id,
        yuan(1),
        start + 1000,
      ]);
      return id;
    });
    await sweepContributions(pool);
    const poolAccount = await jackpotPoolAccountId(pool);

    const holder = await pool.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [poolAccount]);
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
      env: { ...process.env, CRASH_DB_URL: server.db.url, CRASH_ROUND: String(roundId) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // The child is mid-draw: it holds the round and waits for the pool account.
    await expect
      .poll(async () => (await pool.query(`SELECT 1 FROM pg_stat_activity WHERE application_name = 'jackpot-crash-child' AND wait_event_type = 'Lock'`)).rowCount, {
        timeout: 30_000,
      })
      .toBe(1);
    child.kill('SIGKILL');
    await exited;
    await holder.query('ROLLBACK');
    holder.release();
    expect(output).not.toContain('finished');

    // The dead backend may linger a moment; a draw waits for its row lock, then finds the round open.
    const outcome = await drawRound(pool, roundId);
    expect(outcome?.status).toBe('DRAWN');
    expect(await drawRound(pool, roundId)).toBeNull();
    const transfers = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transfers WHERE idempotency_key = $1`, [`jackpot-round:${roundId}`]);
    expect(transfers.rows[0]!.n).toBe(1);
    expect(await reconcile(pool)).toMatchObject({ ok: true });
  });
});

// A commission run killed (SIGKILL) in the middle of its chunks, in its own process: the next run pays
// what the dead one claimed, once, and commissions the rest; nothing is paid twice and the ledger
// reconciles. The dead run's advisory lock goes with its connection, which is how it is known dead.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { runCommissionBatch } from '../../src/server/agents/commission/batch.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { startTestServer, type TestServer } from '../support/db.ts';

let server: TestServer;
let pool: pg.Pool;

beforeAll(async () => {
  server = await startTestServer();
  pool = server.db.database.pool;
  await runCommissionBatch(pool, { settleLagMs: 0 });
});
afterAll(async () => {
  await server?.close();
});

const CHILD = `
import pg from 'pg';
import { runCommissionBatch } from './src/server/agents/commission/batch.ts';
const pool = new pg.Pool({ connectionString: process.env.CRASH_DB_URL, max: 3 });
await runCommissionBatch(pool, { settleLagMs: 0, chunkSize: 40, afterChunk: (n) => { process.stdout.write('chunk ' + n + '\\n'); } });
process.stdout.write('finished\\n');
await pool.end();
`;

async function balanceOf(username: string): Promise<number> {
  const found = await pool.query<{ balance: number }>(
    `SELECT a.balance FROM ledger_accounts a JOIN customers c ON a.code = 'player:' || c.id || ':main' WHERE c.username_key = $1`,
    [username],
  );
  return Number(found.rows[0]?.balance ?? 0);
}

describe('a commission run killed half-way', () => {
  it('is finished by the next run: every order commissioned once, paid once', async () => {
    const player = (await pool.query<{ id: number }>(`SELECT id FROM customers WHERE username_key = 'demo_player'`)).rows[0]!.id;
    await pool.query(
      `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, status, bet_count, total_stake, prize_group, settled_at)
       SELECT $1, 'crash-comm-' || g, 'UUFFC', 'REGULAR', '1', 'LOST', 1, 2000, 1950, now() - interval '1 hour' FROM generate_series(1, 4000) AS g`,
      [player],
    );
    const before = await balanceOf('demo_agent');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
      env: { ...process.env, CRASH_DB_URL: server.db.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      const onData = (data: Buffer) => {
        output += data.toString();
        if (/chunk 5\n/.test(output)) {
          child.kill('SIGKILL');
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (data: Buffer) => (output += data.toString()));
      child.once('exit', () => reject(new Error(`child exited before the kill: ${output}`)));
    });
    await exited;
    expect(output).not.toContain('finished');

    const dead = await pool.query<{ id: number; orders: number }>(`SELECT id, orders FROM agent_commission_runs WHERE status = 'RUNNING'`);
    expect(dead.rows).toHaveLength(1);
    expect(dead.rows[0]!.orders).toBeGreaterThanOrEqual(200);
    expect(dead.rows[0]!.orders).toBeLessThan(4000);
    // The killed backend may linger a moment: a run that cannot take the dead run's lock leaves it for the next.
    let next = await runCommissionBatch(pool, { settleLagMs: 0 });
    const deadAfter = async () => (await pool.query<{ status: string }>(`SELECT status FROM agent_commission_runs WHERE id = $1`, [dead.rows[0]!.id])).rows[0]!.status;
    for (let attempt = 0; attempt < 50 && (await deadAfter()) === 'RUNNING'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      next = await runCommissionBatch(pool, { settleLagMs: 0 });
    }
    expect(await deadAfter()).toBe('COMPLETED');
    const commissioned = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE client_key LIKE 'crash-comm-%' AND commission_run_id IS NOT NULL`,
    );
    expect(commissioned.rows[0]!.n).toBe(4000);
    expect(next.status).toBe('COMPLETED');
    expect(await balanceOf('demo_agent')).toBe(before + 4000 * 6);
    expect(await reconcile(pool)).toMatchObject({ ok: true });
  });
});

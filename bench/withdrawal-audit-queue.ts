// Benchmark (not a test): the back office's withdrawal audit queue with 100,000 requests waiting for a
// person (and 200,000 already handled), next to a primary-key SELECT measured in the same run.
//   node --import tsx bench/withdrawal-audit-queue.ts [pending=100000] [handled=200000] [--save]
// Uses DATABASE_URL's server when set (creating and dropping its own database), else the embedded one.
// It times withdrawalQueue() — exactly what GET /ajax/backoffice/finance/withdrawals runs, count
// included — in-process on the pool, so the figure is the query's, without HTTP or the operator check.
import { performance } from 'node:perf_hooks';
import { withdrawalDetail, withdrawalQueue } from '../src/server/backoffice/finance/withdrawals-queue.ts';
import { WithdrawalQueueQuerySchema } from '../src/shared/backoffice/finance-withdrawals.ts';
import { cleanupOnSignal, openBenchDatabase } from './support/db.ts';
import { createFundedPlayers } from './support/players.ts';
import { environmentLine, fmt, positionalArgs, Report } from './support/report.ts';

const DEFAULTS = { pending: 100_000, handled: 200_000 };
const args = positionalArgs();
const pending = Number(args[0] ?? DEFAULTS.pending);
const handled = Number(args[1] ?? DEFAULTS.handled);
const fullRun = pending === DEFAULTS.pending && handled === DEFAULTS.handled;
const PLAYERS = 2000;
const ROUNDS = 200;

const report = new Report();
const bench = await openBenchDatabase('jinli_bench_wdq', { seed: false });
const cleanup = cleanupOnSignal(bench.cleanup);
const { pool } = bench.database;

async function time(rounds: number, run: () => Promise<unknown>): Promise<{ p50: number; p95: number; max: number }> {
  for (let i = 0; i < 10; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(rounds * 0.5)]!, p95: samples[Math.floor(rounds * 0.95)]!, max: samples[rounds - 1]! };
}

try {
  report.progress(`creating ${PLAYERS} players with a bank card each…`);
  const players = await createFundedPlayers(pool, PLAYERS, 1_000);
  const operator = await pool.query<{ id: number }>(
    `INSERT INTO operators (username, password_hash, display_name, role) VALUES ('bench_fin', 'x', '压测财务', 'FINANCE') RETURNING id`,
  );
  const operatorId = operator.rows[0]!.id;
  await pool.query(
    `INSERT INTO payout_accounts (customer_id, kind, account, account_key, last4, bank_code, branch, holder_name, created_at)
     SELECT c, 'BANK', '62170000' || lpad(c::text, 11, '0'), '62170000' || lpad(c::text, 11, '0'), right(lpad(c::text, 11, '0'), 4),
            'ICBC', '北京分行', '压测玩家', now() - interval '30 days'
       FROM unnest($1::bigint[]) AS c`,
    [players.map((p) => p.customerId)],
  );
  report.progress(`writing ${fmt(handled)} handled and ${fmt(pending)} waiting withdrawals…`);
  const insert = (count: number, offset: number, status: string) =>
    pool.query(
      `INSERT INTO withdrawals (reference, customer_id, payout_account_id, kind, amount, fee, net_amount, status, flags, claimed_by,
                                payout_state, client_key, created_at)
       SELECT 'W20261126' || lpad((n + $2)::text, 8, '0'), p.customer_id, p.id, 'BANK', 1000000 + (n % 500) * 10000, 0, 1000000 + (n % 500) * 10000,
              CASE WHEN $3 = 'WAITING' THEN (CASE WHEN n % 10 = 0 THEN 'AUDITING' ELSE 'AUTO_AUDIT_FAILED' END) ELSE $3 END,
              ARRAY['FIRST_WITHDRAWAL'], CASE WHEN $3 = 'WAITING' AND n % 10 = 0 THEN $4::bigint END,
              CASE WHEN $3 = 'SUCCESS' THEN 'PAID' ELSE 'NOT_SENT' END, gen_random_uuid(), now() - make_interval(secs => ($1 - n) / 10.0)
         FROM generate_series(1, $1::int) AS n JOIN payout_accounts p ON p.customer_id = (SELECT min(customer_id) FROM payout_accounts) + (n % ${PLAYERS})`,
      [count, offset, status, operatorId],
    );
  for (let done = 0; done < handled; done += 50_000) await insert(Math.min(50_000, handled - done), done, 'SUCCESS');
  for (let done = 0; done < pending; done += 50_000) await insert(Math.min(50_000, pending - done), handled + done, 'WAITING');
  await pool.query('VACUUM ANALYZE withdrawals');
  await pool.query('VACUUM ANALYZE payout_accounts');

  const username = (await pool.query<{ username: string }>('SELECT username FROM customers ORDER BY id LIMIT 1 OFFSET 7')).rows[0]!.username;
  const someId = (await pool.query<{ id: number }>(`SELECT id FROM withdrawals WHERE status = 'AUTO_AUDIT_FAILED' ORDER BY id LIMIT 1 OFFSET 5000`)).rows[0]!.id;
  const q = (input: Record<string, string>) => WithdrawalQueueQuerySchema.parse(input);
  const cases: [string, () => Promise<unknown>][] = [
    ['reference: SELECT * FROM withdrawals WHERE id = $1', () => pool.query('SELECT * FROM withdrawals WHERE id = $1', [someId])],
    ['queue, first page (20, oldest first, with total)', () => withdrawalQueue(pool, q({}), operatorId)],
    ['queue, page 2,000', () => withdrawalQueue(pool, q({ page: '2000' }), operatorId)],
    ['queue, one player (username)', () => withdrawalQueue(pool, q({ username }), operatorId)],
    ['queue, mine (claimed by me)', () => withdrawalQueue(pool, q({ mine: 'true' }), operatorId)],
    ['queue, status SUCCESS (newest first)', () => withdrawalQueue(pool, q({ status: 'SUCCESS' }), operatorId)],
    ['detail of one request', () => withdrawalDetail(pool, someId)],
  ];
  report.line(`# Withdrawal audit queue: ${fmt(pending)} waiting, ${fmt(handled)} handled`);
  report.line(await environmentLine(pool));
  report.line(`${ROUNDS} sequential calls each after 10 warm-up calls, in-process on the pool (no HTTP).`);
  report.line();
  const rows: (string | number)[][] = [];
  for (const [name, run] of cases) {
    const t = await time(ROUNDS, run);
    rows.push([name, fmt(t.p50, 2), fmt(t.p95, 2), fmt(t.max, 2)]);
  }
  report.table(['query', 'p50 ms', 'p95 ms', 'max ms'], rows);
  report.save('withdrawal-audit-queue.txt', fullRun);
} finally {
  await cleanup();
}

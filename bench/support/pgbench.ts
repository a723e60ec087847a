// pgbench TPC-B ("sort of") on the bench's own PostgreSQL server, in a scratch database of its own:
// the reference a DB-bound figure is compared with, measured in the same run.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { adminQuery, dropDatabase } from '../../tests/support/pg-url.ts';

export const PGBENCH = process.env.PGBENCH ?? '/usr/bin/pgbench';

export interface PgbenchResult {
  clients: number;
  seconds: number;
  transactions: number;
  tps: number;
  latencyAvgMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** pgbench's own summary, for the raw results. */
  output: string;
}

export interface PgbenchDatabase {
  name: string;
  /** `pgbench -c clients -j threads -T seconds -M prepared` (TPC-B), with per-transaction latency logging. */
  run(clients: number, seconds: number, threads?: number): Promise<PgbenchResult>;
  drop(): Promise<void>;
}

function connectionEnv(adminUrl: string): NodeJS.ProcessEnv {
  const url = new URL(adminUrl);
  return {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username || 'postgres'),
    ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
  };
}

function pgbench(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(PGBENCH, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`pgbench ${args.join(' ')} exited ${code}:\n${output}`))));
  });
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** Creates and initialises (`pgbench -i -s scale`) a scratch database on the server of `adminUrl`. */
export async function createPgbenchDatabase(adminUrl: string, scale = 10): Promise<PgbenchDatabase> {
  const name = `jinli_pgbench_${Date.now().toString(36)}`;
  const env = connectionEnv(adminUrl);
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  try {
    await pgbench(['-i', '-q', '-s', String(scale), name], env);
  } catch (error) {
    await dropDatabase(adminUrl, name).catch(() => {});
    throw error;
  }
  return {
    name,
    async run(clients, seconds, threads = 2) {
      const logDir = await mkdtemp(path.join(os.tmpdir(), 'jinli-pgbench-'));
      try {
        const output = await pgbench(
          ['-M', 'prepared', '-c', String(clients), '-j', String(threads), '-T', String(seconds), '-l', `--log-prefix=${path.join(logDir, 'tx')}`, name],
          env,
        );
        const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1]);
        const latencyAvgMs = Number(/latency average = ([\d.]+) ms/.exec(output)?.[1]);
        const transactions = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1]);
        if (!Number.isFinite(tps)) throw new Error(`unexpected pgbench output:\n${output}`);
        // Per-transaction log lines: client_id transaction_no latency_us script_no epoch_s epoch_us.
        const latencies: number[] = [];
        for (const file of await readdir(logDir)) {
          for (const line of (await readFile(path.join(logDir, file), 'utf8')).split('\n')) {
            const us = Number(line.split(' ')[2]);
            if (line && Number.isFinite(us)) latencies.push(us / 1000);
          }
        }
        latencies.sort((a, b) => a - b);
        return {
          clients,
          seconds,
          transactions,
          tps,
          latencyAvgMs,
          latencyP50Ms: percentile(latencies, 50),
          latencyP99Ms: percentile(latencies, 99),
          output: output.trim(),
        };
      } finally {
        await rm(logDir, { recursive: true, force: true });
      }
    },
    drop: () => dropDatabase(adminUrl, name),
  };
}

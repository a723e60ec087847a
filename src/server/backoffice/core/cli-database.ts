// The database of the operator commands (npm run operator, npm run audit:verify): DATABASE_URL when
// set; else the embedded PostgreSQL of `npm start` (scripts/local-database.ts: EMBEDDED_PG_PORT,
// EMBEDDED_PG_DIR), reached while `npm start` runs it, or started for the command and stopped after.
import path from 'node:path';
import { startEmbeddedPostgres } from '../../db/embedded.ts';
import { runMigrations } from '../../db/migrate.ts';
import { isPortInUse } from '../../startup/ports.ts';

export interface CliDatabase {
  url: string;
  stop(): Promise<void>;
}

const EMBEDDED_HOST = '127.0.0.1';
// The embedded server's own account (src/server/db/embedded.ts): local only, never a secret.
const EMBEDDED_ACCOUNT = 'jinli:jinli-local';

/** `migrate`: bring the schema up to date first (creating an operator in a database never started). */
export async function cliDatabase(log: (line: string) => void, { migrate }: { migrate: boolean }): Promise<CliDatabase> {
  if (process.env.DATABASE_URL) {
    if (migrate) await runMigrations(process.env.DATABASE_URL);
    return { url: process.env.DATABASE_URL, stop: async () => {} };
  }
  const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  if (await isPortInUse(port, EMBEDDED_HOST)) {
    return { url: `postgres://${EMBEDDED_ACCOUNT}@${EMBEDDED_HOST}:${port}/jinli`, stop: async () => {} };
  }
  const dataDir = path.resolve(process.env.EMBEDDED_PG_DIR ?? '.data/pg');
  log(`启动内置 PostgreSQL（端口 ${port}，数据目录 ${path.relative(process.cwd(), dataDir)}）…`);
  const server = await startEmbeddedPostgres({ dataDir, port, portVariable: 'EMBEDDED_PG_PORT' });
  try {
    await server.ensureDatabase('jinli');
    const url = server.urlFor('jinli');
    if (migrate) await runMigrations(url);
    return { url, stop: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

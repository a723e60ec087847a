// A throw-away bench database: on DATABASE_URL's server when set (created and dropped here), else on
// the embedded PostgreSQL (.data/bench-pg). Migrated; seeded with the demo data when asked.
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { openDatabase, type Database } from '../../src/server/db/pool.ts';
import { seedDemoData } from '../../src/server/db/seed.ts';
import { adminQuery, dropDatabase, withDatabase } from '../../tests/support/pg-url.ts';

export interface BenchDatabase {
  /** The maintenance database of the server (for CREATE/DROP DATABASE, and pgbench's scratch databases). */
  adminUrl: string;
  url: string;
  name: string;
  database: Database;
  /** Closes the pool, drops the database, stops the embedded server if one was started. */
  cleanup(): Promise<void>;
}

export async function openBenchDatabase(prefix: string, options: { seed?: boolean; poolMax?: number } = {}): Promise<BenchDatabase> {
  let adminUrl = process.env.DATABASE_URL;
  const embedded = adminUrl ? null : await startEmbeddedPostgres({ dataDir: path.resolve('.data/bench-pg'), port: 54331 });
  adminUrl ??= embedded!.adminUrl;
  const name = `${prefix}_${Date.now().toString(36)}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const url = withDatabase(adminUrl, name);
  let database: Database | null = null;
  const cleanup = async () => {
    await database?.close();
    await dropDatabase(adminUrl, name);
    await embedded?.stop();
  };
  try {
    await runMigrations(url);
    database = openDatabase(url, options.poolMax ?? 20);
    if (options.seed ?? true) await seedDemoData(database.pool);
  } catch (error) {
    await cleanup().catch(() => {});
    throw error;
  }
  return { adminUrl, url, name, database, cleanup };
}

/** Runs `cleanup` once on SIGINT/SIGTERM too, so an interrupted run leaves no database behind. */
export function cleanupOnSignal(cleanup: () => Promise<void>): () => Promise<void> {
  let once: Promise<void> | undefined;
  const run = () => (once ??= cleanup());
  const onSignal = () => {
    process.stderr.write('\ninterrupted: cleaning up…\n');
    void run().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return run;
}

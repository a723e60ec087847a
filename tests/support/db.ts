// A fresh database per test file, cloned from the migrated template (fast: no migrations to run),
// and a server built on it exactly as production builds it.
import { inject } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/pool.ts';
import { seedDemoData } from '../../src/server/db/seed.ts';
import { cloneDatabase, dropDatabase } from './pg-url.ts';

let counter = 0;

export interface TestDatabase {
  url: string;
  database: Database;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const { adminUrl, template, runId } = inject('pg');
  const name = `jinli_t_${runId}_${process.pid}_${counter++}`;
  const url = await cloneDatabase(adminUrl, template, name);
  const database = openDatabase(url, 20);
  return {
    url,
    database,
    async drop() {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

export function testConfig(databaseUrl: string, overrides: Partial<Record<string, string>> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    STATIC_DIR: 'tests/support/no-static',
    DRAW_SCHEDULER: 'false',
    ...overrides,
  });
}

export interface TestServer extends BuiltApp {
  db: TestDatabase;
  close(): Promise<void>;
}

/** A seeded database and an app on it; `close()` shuts both down. */
export async function startTestServer(overrides: Partial<Record<string, string>> = {}): Promise<TestServer> {
  const db = await createTestDatabase();
  await seedDemoData(db.database.pool);
  const built = await buildApp(testConfig(db.url, overrides), db.database);
  return {
    ...built,
    db,
    async close() {
      await built.app.close();
      await db.drop();
    },
  };
}

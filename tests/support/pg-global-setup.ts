// Vitest global setup for the server project: a real PostgreSQL (DATABASE_URL's server, or else the
// embedded one), one migrated template database per run, cloned per test file (tests/support/db.ts).
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../src/server/db/embedded.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { adminQuery, dropDatabase, withDatabase } from './pg-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pg: { adminUrl: string; template: string; runId: string };
  }
}

export const TEST_PG_PORT = 54330;

export default async function setup(project: TestProject) {
  let embedded: EmbeddedServer | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: path.resolve('.data/test-pg'), port: TEST_PG_PORT });
    adminUrl = embedded.adminUrl;
  }
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const template = `jinli_tpl_${runId}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${template}"`);
  await runMigrations(withDatabase(adminUrl, template));
  project.provide('pg', { adminUrl, template, runId });

  return async () => {
    await dropDatabase(adminUrl, template);
    await embedded?.stop();
  };
}

// The live-event listener (src/server/events/hub.ts) of a real server process: losing its connection
// is reported once, and it comes back however long the database refuses connections.
import { inject, afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { adminQuery } from '../support/pg-url.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';

const HANG_MS = 60_000;
let db: TestDatabase;
let server: ServerProcess;
let databaseName: string;

beforeAll(async () => {
  db = await createTestDatabase();
  databaseName = new URL(db.url).pathname.slice(1);
  server = startServerProcess({ DATABASE_URL: db.url, LOG_LEVEL: 'debug', DRAW_SCHEDULER: 'false' });
});
afterAll(async () => {
  await adminQuery(inject('pg').adminUrl, `ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS true`).catch(() => {});
  await server?.kill('SIGTERM');
  await db?.drop();
});

async function until<T>(what: string, probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + HANG_MS;
  for (;;) {
    const found = await probe();
    if (found !== null) return found;
    if (server.child.exitCode !== null) throw new Error(`the server exited while waiting for ${what}:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`no ${what} within ${HANG_MS / 1000} s:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The backend of the server's LISTEN connection, other than `not`. */
async function listenerBackend(not?: number): Promise<number> {
  return until('LISTEN connection', async () => {
    const { rows } = await db.database.pool.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN jinli_events' AND pid <> $1`,
      [not ?? 0],
    );
    return rows[0]?.pid ?? null;
  });
}

const lostLines = () => server.output().split('\n').filter((line) => line.includes('live event listener lost'));

describe('the live-event listener', () => {
  it('losing its connection is logged once, as the database ending it, and it listens again', async () => {
    const first = await listenerBackend();
    await db.database.pool.query('SELECT pg_terminate_backend($1)', [first]);
    await listenerBackend(first);
    // PostgreSQL's message (57P01) and then the socket's end are one loss, not a warning on top of it.
    expect(lostLines()).toHaveLength(1);
    expect(JSON.parse(lostLines()[0]!)).toMatchObject({ level: 30, err: { code: '57P01' } });
  }, HANG_MS);

  it('keeps trying while the database refuses connections, and listens again once it accepts them', async () => {
    const current = await listenerBackend();
    const adminUrl = inject('pg').adminUrl;
    await adminQuery(adminUrl, `ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS false`);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [current]);
    } finally {
      await admin.end();
    }
    await until('failed reconnection', async () => (server.output().includes('reconnecting failed') ? true : null));
    await adminQuery(adminUrl, `ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS true`);
    expect(await listenerBackend(current)).toBeGreaterThan(0);
  }, 2 * HANG_MS);
});

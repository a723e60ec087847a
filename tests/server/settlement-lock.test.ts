// The settlement lock of an issue (settlement-lock.ts): a settler's writing transaction learns that
// it no longer holds the lock once another session has taken it over, or once its own lock's
// connection is gone; a new holder waits for the writing transactions already past their check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { openDatabase, withTransaction, type Database } from '../../src/server/db/pool.ts';
import { acquireSettlementLock, type SettlementLock } from '../../src/server/orders/settlement-lock.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

let db: TestDatabase;
let other: Database;

beforeAll(async () => {
  db = await createTestDatabase();
  await runMigrations(db.url);
  other = openDatabase(db.url, 4);
});

afterAll(async () => {
  await other?.close();
  await db?.drop();
});

const heldNow = (database: Database, lock: SettlementLock) => withTransaction(database.pool, (client) => lock.held(client));

describe('settlement lock', () => {
  it('is held until released, refuses a second holder meanwhile, and is free for the next once released', async () => {
    const lock = (await acquireSettlementLock(db.database.pool, 101))!;
    expect(lock).not.toBeNull();
    expect(await heldNow(db.database, lock)).toBe(true);
    expect(await acquireSettlementLock(other.pool, 101)).toBeNull();
    await lock.release();
    const next = (await acquireSettlementLock(other.pool, 101))!;
    expect(await heldNow(other, next)).toBe(true);
    expect(await heldNow(db.database, lock)).toBe(false);
    await next.release();
  });

  it('is no longer held once its connection is gone and another session has taken it over', async () => {
    const first = (await acquireSettlementLock(db.database.pool, 102))!;
    const pid = (
      await db.database.pool.query<{ pid: number }>(`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = 7412003 AND objid = 102 AND granted`)
    ).rows[0]!.pid;
    await other.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    const second = (await acquireSettlementLock(other.pool, 102, true))!;
    expect(await heldNow(db.database, first)).toBe(false);
    expect(await heldNow(other, second)).toBe(true);
    await first.release();
    // The old holder's release removes nothing of the new holder's.
    expect(await heldNow(other, second)).toBe(true);
    await second.release();
  });

  it('makes a new holder wait for a writing transaction that found the lock held, and fences every later one', async () => {
    const first = (await acquireSettlementLock(db.database.pool, 103))!;
    const writer = await db.database.pool.connect();
    await writer.query('BEGIN');
    expect(await first.held(writer)).toBe(true);
    // The writer's transaction is open past its check: the lock's connection goes away and a new
    // holder arrives; its acquisition must wait for that transaction to end.
    const pid = (
      await other.pool.query<{ pid: number }>(`SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = 7412003 AND objid = 103 AND granted`)
    ).rows[0]!.pid;
    await other.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    let acquired = false;
    const taking = acquireSettlementLock(other.pool, 103, true).then((lock) => {
      acquired = true;
      return lock!;
    });
    // Wait until the new holder is blocked on the writers' barrier (its token is written by then).
    await expect
      .poll(
        async () =>
          (await other.pool.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = 7412005 AND objid = 103 AND NOT granted`)).rowCount,
        { timeout: 30_000 },
      )
      .toBe(1);
    expect(acquired).toBe(false);
    await writer.query('COMMIT');
    writer.release();
    const second = await taking;
    expect(await heldNow(db.database, first)).toBe(false);
    expect(await heldNow(other, second)).toBe(true);
    await first.release();
    await second.release();
  });

  it('gives the lock to exactly one of many sessions asking at once', async () => {
    const pools = [db.database, other, openDatabase(db.url, 4), openDatabase(db.url, 4)];
    try {
      const got = await Promise.all(pools.flatMap((d) => [acquireSettlementLock(d.pool, 104), acquireSettlementLock(d.pool, 104)]));
      const holders = got.filter((g) => g !== null);
      expect(holders).toHaveLength(1);
      expect(await heldNow(db.database, holders[0]!)).toBe(true);
      await holders[0]!.release();
    } finally {
      await Promise.all(pools.slice(2).map((d) => d.close()));
    }
  });
});

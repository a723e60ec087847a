// Singleton jobs across processes: leases in the database (src/server/jobs/lease.ts) and the loops
// and roles that run under them (singletons.ts). Real PostgreSQL, real apps, a real server process
// killed with SIGKILL.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.ts';
import { DEFAULT_LEASE_TIMING } from '../../src/server/jobs/lease-keeper.ts';
import { claimLeases, listLeases, releaseLeases, takeLease } from '../../src/server/jobs/lease.ts';
import { createSingletons } from '../../src/server/jobs/singletons.ts';
import { createTestDatabase, testConfig, type TestDatabase } from '../support/db.ts';
import { startServerProcess } from '../support/server-process.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const silent = { error: () => {}, warn: () => {}, info: () => {} };

/** Polls `condition` until it holds; fails after `timeoutMs`. Returns the time it took. */
async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - started;
}

describe('job leases', () => {
  it('many connections racing for a free lease: exactly one holder, the others see it taken', async () => {
    const clients = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const client = new pg.Client({ connectionString: db.url });
        await client.connect();
        return client;
      }),
    );
    try {
      for (let round = 0; round < 5; round++) {
        const name = `race-${round}`;
        // Round 0: the row does not exist yet (INSERT race); later rounds: it exists, expired.
        if (round > 0) await db.database.pool.query(`INSERT INTO job_leases VALUES ($1, 'old', 7, now(), now() - interval '1 second')`, [name]);
        const tokens = await Promise.all(clients.map((client, i) => takeLease(client, `racer-${i}`, name, 60_000)));
        const winners = tokens.flatMap((token, i) => (token === null ? [] : [{ i, token }]));
        expect(winners).toHaveLength(1);
        expect(winners[0]!.token).toBe(round === 0 ? 1 : 8);
        const row = (await listLeases(db.database.pool)).find((l) => l.name === name)!;
        expect(row.holder).toBe(`racer-${winners[0]!.i}`);
      }
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });

  it('a holder that stops renewing is taken over only after its lease expired, with a greater token', async () => {
    const pool = db.database.pool;
    const first = await takeLease(pool, 'holder-a', 'expiring', 800);
    expect(first).not.toBeNull();
    // Renewing keeps the token; another holder is refused while the lease runs.
    expect(await takeLease(pool, 'holder-a', 'expiring', 800)).toBe(first);
    expect(await takeLease(pool, 'holder-b', 'expiring', 800)).toBeNull();
    // holder-a stops renewing: holder-b gets it once the database says it expired, not before.
    let token: number | null = null;
    await until(async () => (token = await takeLease(pool, 'holder-b', 'expiring', 800)) !== null, 10_000, 'take-over');
    const row = (await listLeases(pool)).find((l) => l.name === 'expiring')!;
    expect(row.holder).toBe('holder-b');
    expect(token).toBe(first! + 1);
    expect(row.takenAt.getTime()).toBeGreaterThanOrEqual(row.expiresAt.getTime() - 800);
    // The late renewal of the old holder no longer holds it, and a release by it changes nothing.
    expect(await claimLeases(pool, 'holder-a', ['expiring'], 800)).toEqual([]);
    expect(await releaseLeases(pool, 'holder-a', ['expiring'])).toEqual([]);
    // A release by the holder frees it at once.
    expect(await releaseLeases(pool, 'holder-b', ['expiring'])).toEqual(['expiring']);
    expect(await takeLease(pool, 'holder-a', 'expiring', 800)).toBe(first! + 2);
  });

  it('a lease keeper that cannot renew in time stops its work before the lease could pass to another', async () => {
    // Renewals that hang: the keeper counts the lease as held only until sent + ttl − margin.
    let hang = false;
    const slowPool = {
      query: (async (...args: Parameters<pg.Pool['query']>) => {
        if (hang) await new Promise(() => {});
        return (db.database.pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
      }) as unknown as pg.Pool['query'],
    };
    const timing = { ttlMs: 1_500, renewMs: 200, marginMs: 500 };
    const singletons = createSingletons(slowPool, silent, timing);
    let lostAt = 0;
    singletons.role('hanging', { start: () => {}, stop: () => void (lostAt = performance.now()) });
    await until(() => singletons.holds('hanging'), 5_000, 'first take');
    const row = (await listLeases(db.database.pool)).find((l) => l.name === 'hanging')!;
    hang = true;
    const hungAt = performance.now();
    await until(() => lostAt > 0, 5_000, 'role stopped');
    expect(singletons.holds('hanging')).toBe(false);
    // Stopped before the database could give the lease to anyone else: the last claim that came
    // back was sent at most one renewal interval before the hang and made the lease last ttl from
    // then in the database.
    expect(lostAt - hungAt).toBeLessThan(timing.ttlMs - timing.renewMs);
    const current = (await listLeases(db.database.pool)).find((l) => l.name === 'hanging')!;
    expect(current.token).toBe(row.token);
    await db.database.pool.query(`DELETE FROM job_leases WHERE name = 'hanging'`);
  });
});

describe('singleton jobs in several apps on one database', () => {
  let apps: BuiltApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map(({ app }) => app.close()));
  });

  it('a loop under a lease runs in only one of two apps; closing that app hands it to the other at once', async () => {
    const config = testConfig(db.url);
    apps = [await buildApp(config, db.database), await buildApp(config, db.database)];
    const passes = [0, 0];
    const loops = apps.map(({ ctx }, i) =>
      ctx.singletons
        .loop('test.counter', async () => {
          passes[i]! += 1;
        }, 20)
        .start(),
    );
    await until(() => passes[0]! + passes[1]! >= 20, 10_000, 'twenty passes');
    const holder = passes[0]! > 0 ? 0 : 1;
    const other = 1 - holder;
    expect(passes[other]).toBe(0);
    expect(apps[holder]!.ctx.singletons.holds('test.counter')).toBe(true);
    expect(apps[other]!.ctx.singletons.holds('test.counter')).toBe(false);

    // A clean close releases the lease: the other app takes it within a renewal interval, far
    // sooner than the TTL.
    await apps[holder]!.app.close();
    const handedOverIn = await until(() => passes[other]! > 0, DEFAULT_LEASE_TIMING.ttlMs, 'hand-over');
    expect(handedOverIn).toBeLessThan(DEFAULT_LEASE_TIMING.ttlMs);
    const afterClose = passes[holder]!;
    await until(() => passes[other]! >= 10, 10_000, 'ten passes in the other app');
    expect(passes[holder]).toBe(afterClose);
    await loops[other]!.stop();
  });

  it('a role starts in one app only, and stops when its app closes', async () => {
    const config = testConfig(db.url);
    const pair = [await buildApp(config, db.database), await buildApp(config, db.database)];
    apps.push(...pair);
    const running = [false, false];
    const starts = [0, 0];
    pair.forEach(({ ctx }, i) =>
      ctx.singletons.role('test.role', {
        start: () => {
          running[i] = true;
          starts[i]! += 1;
        },
        stop: () => void (running[i] = false),
      }),
    );
    await until(() => running.includes(true), 5_000, 'a role started');
    const holder = running.indexOf(true);
    await pair[holder]!.app.close();
    expect(running[holder]).toBe(false);
    await until(() => running[1 - holder] === true, DEFAULT_LEASE_TIMING.ttlMs, 'the other role started');
    expect(starts[holder]).toBe(1);
  });
});

describe('take-over after kill -9', () => {
  it('the jobs of a server process killed with SIGKILL are taken over within the TTL and a renewal', async () => {
    const server = startServerProcess({ DATABASE_URL: db.url, DRAW_SCHEDULER: 'true' });
    const pid = server.child.pid!;
    try {
      await until(
        async () => (await listLeases(db.database.pool)).some((l) => l.name === 'draws.sales' && l.holder.includes(`:${pid}:`) && l.expiresAt > new Date()),
        60_000,
        'the server process holds draws.sales',
      ).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${server.output()}`);
      });
      const singletons = createSingletons(db.database.pool, silent);
      let takenAt = 0;
      singletons.role('draws.sales', { start: () => void (takenAt = performance.now()), stop: () => {} });
      // The process is alive and renewing: nobody else gets the lease.
      await until(async () => (await db.database.pool.query(`SELECT 1 FROM job_leases WHERE name = 'draws.sales' AND expires_at > now() + interval '3 seconds'`)).rowCount === 1, 5_000, 'a renewal');
      expect(singletons.holds('draws.sales')).toBe(false);

      await server.kill('SIGKILL');
      const killedAt = performance.now();
      const limit = DEFAULT_LEASE_TIMING.ttlMs + DEFAULT_LEASE_TIMING.renewMs + 1_000;
      await until(() => takenAt > 0, limit + 5_000, 'take-over');
      const tookOverIn = takenAt - killedAt;
      console.info(`take-over ${Math.round(tookOverIn)} ms after SIGKILL (TTL ${DEFAULT_LEASE_TIMING.ttlMs} ms, renewal every ${DEFAULT_LEASE_TIMING.renewMs} ms)`);
      expect(tookOverIn).toBeLessThan(limit);
      await singletons.close();
      const row = (await listLeases(db.database.pool)).find((l) => l.name === 'draws.sales')!;
      expect(row.holder).toBe(singletons.instanceId);
      expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    } finally {
      await server.kill('SIGKILL');
    }
  }, 120_000);
});

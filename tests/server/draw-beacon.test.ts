import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPeriodicDraw } from '../../src/shared/draws/index.ts';
import { HttpBeacon } from '../../src/server/draws/beacon.ts';
import { noOrdersLifecycle } from '../../src/server/draws/lifecycle.ts';
import { DrawScheduler } from '../../src/server/draws/scheduler.ts';
import { seedDemoData } from '../../src/server/db/seed.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

// A local stand-in for a drand-style beacon: round r's randomness is published once `published` ≥ r.
let published = 0;
const beaconServer = Fastify();
beaconServer.get('/public/:round', async (request, reply) => {
  const round = Number((request.params as { round: string }).round);
  if (round > published) return reply.code(425).send({});
  return { round, randomness: createHash('sha256').update(`round-${round}`).digest('hex') };
});

let db: TestDatabase;
let beacon: HttpBeacon;
beforeAll(async () => {
  await beaconServer.listen({ host: '127.0.0.1', port: 0 });
  const port = (beaconServer.server.address() as AddressInfo).port;
  beacon = new HttpBeacon({ urlTemplate: `http://127.0.0.1:${port}/public/{round}`, genesisSeconds: 1_700_000_000, periodSeconds: 30 });
  db = await createTestDatabase();
  await seedDemoData(db.database.pool);
  await db.database.pool.query(`UPDATE own_games SET enabled = draw_type IN ('UUFFC', 'TWLKENO')`);
});
afterAll(async () => {
  await beaconServer.close();
  await db.drop();
});

describe('public beacon mixed into committed draws', () => {
  it('waits for the round fixed by the draw time, then draws verifiably with it', async () => {
    const clock = new ManualClock(beijing('2026-11-22 20:00:10'));
    const scheduler = new DrawScheduler({ pool: db.database.pool, clock, feed: 'simulated', lifecycle: noOrdersLifecycle, feedTimeoutMs: 3_600_000, beacon });
    await scheduler.tick();
    clock.set(beijing('2026-11-22 20:01:05'));
    await scheduler.tick();
    const issue = async () =>
      (await db.database.pool.query<{ state: string; beacon: string | null; seed: string | null; commitment: string; result: number[] | null; draw_at: Date }>(
        `SELECT state, beacon, seed, commitment, result, draw_at FROM draw_issues WHERE draw_type = 'UUFFC' AND issue_number = '202611221201'`,
      )).rows[0]!;
    expect((await issue()).state).toBe('CLOSED');

    const round = beacon.roundFor((await issue()).draw_at.getTime());
    published = round;
    await scheduler.tick();
    const drawn = await issue();
    expect(drawn.state).toBe('SETTLED');
    expect(drawn.beacon).toBe(createHash('sha256').update(`round-${round}`).digest('hex'));
    const anchor = await db.database.pool.query<{ anchor: string }>(
      `SELECT anchor FROM seed_chains WHERE draw_type = 'UUFFC' AND sales_day = '2026-11-22'`,
    );
    const check = await verifyPeriodicDraw({
      drawType: 'UUFFC',
      issueNumber: '202611221201',
      seed: drawn.seed!,
      beacon: drawn.beacon!,
      commitment: drawn.commitment,
      chainAnchor: { hash: anchor.rows[0]!.anchor, distance: 1201 },
      publishedResult: drawn.result!,
    });
    expect(check.verdict).toBe('PASS');
    expect(check.checks.map((c) => c.kind)).toEqual(['COMMITMENT', 'CHAIN_ANCHOR', 'RESULT']);
    const withoutBeacon = await verifyPeriodicDraw({ drawType: 'UUFFC', issueNumber: '202611221201', seed: drawn.seed!, publishedResult: drawn.result! });
    expect(withoutBeacon.verdict).toBe('FAIL');
  });

  it('the simulated feed’s draws mix it in the same way', async () => {
    const clock = new ManualClock(beijing('2026-11-22 20:04:10'));
    const scheduler = new DrawScheduler({ pool: db.database.pool, clock, feed: 'simulated', lifecycle: noOrdersLifecycle, feedTimeoutMs: 3_600_000, beacon });
    await scheduler.tick();
    clock.set(beijing('2026-11-22 20:05:05'));
    await scheduler.tick();
    const issue = async () =>
      (await db.database.pool.query<{ issue_number: string; sequence: number; state: string; beacon: string | null; seed: string | null; commitment: string; result: number[] | null; result_source: string | null; draw_at: Date }>(
        `SELECT issue_number, sequence, state, beacon, seed, commitment, result, result_source, draw_at FROM draw_issues
          WHERE draw_type = 'TWLKENO' AND draw_at = to_timestamp($1 / 1000.0)`,
        [beijing('2026-11-22 20:05:00')],
      )).rows[0]!;
    const waiting = await issue();
    expect(waiting).toMatchObject({ state: 'CLOSED', seed: null, result: null });
    expect(waiting.commitment).toMatch(/^[0-9a-f]{64}$/);

    const round = beacon.roundFor(waiting.draw_at.getTime());
    expect(round).toBeGreaterThan(published);
    published = round;
    await scheduler.tick();
    const drawn = await issue();
    expect(drawn).toMatchObject({ state: 'SETTLED', result_source: 'simulated', beacon: createHash('sha256').update(`round-${round}`).digest('hex') });
    const anchor = await db.database.pool.query<{ anchor: string }>(
      `SELECT anchor FROM seed_chains WHERE draw_type = 'TWLKENO' AND sales_day = '2026-11-22'`,
    );
    const check = await verifyPeriodicDraw({
      drawType: 'TWLKENO',
      issueNumber: drawn.issue_number,
      seed: drawn.seed!,
      beacon: drawn.beacon!,
      commitment: drawn.commitment,
      chainAnchor: { hash: anchor.rows[0]!.anchor, distance: drawn.sequence },
      publishedResult: drawn.result!,
    });
    expect(check.verdict, check.summary).toBe('PASS');
    const withoutBeacon = await verifyPeriodicDraw({ drawType: 'TWLKENO', issueNumber: drawn.issue_number, seed: drawn.seed!, publishedResult: drawn.result! });
    expect(withoutBeacon.verdict).toBe('FAIL');
  });

  it('fixes the round from the draw time alone', () => {
    const at = (1_700_000_000 + 300) * 1000;
    expect(beacon.roundFor(at)).toBe(11);
    expect(beacon.roundFor(at + 1)).toBe(12);
  });
});

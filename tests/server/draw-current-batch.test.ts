// The lobby's batched issue request: for each draw type asked, exactly what `/ajax/draws/{type}/current`
// answers (so the cards' queries can share the game pages' cache), unknown types left out, a bounded list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_DRAWS_MAX, CurrentDrawSchema, CurrentDrawsSchema } from '../../src/shared/api/draws.ts';
import { DRAW_TYPES } from '../../src/shared/catalogue/draw-types.ts';
import { noOrdersLifecycle } from '../../src/server/draws/lifecycle.ts';
import { DrawScheduler } from '../../src/server/draws/scheduler.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/db.ts';

let server: TestServer;
const clock = new ManualClock(beijing('2026-11-22 10:00:10'));

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.clock = clock;
  await server.db.database.pool.query(`UPDATE own_games SET enabled = draw_type IN ('UUFFC', 'CQSSC', 'MKK3')`);
  const scheduler = new DrawScheduler({
    pool: server.db.database.pool,
    clock,
    feed: 'simulated',
    lifecycle: noOrdersLifecycle,
    feedTimeoutMs: 3_600_000,
  });
  await scheduler.tick();
  clock.set(beijing('2026-11-22 10:05:10'));
  await scheduler.tick();
});
afterAll(() => server.close());

describe('GET /ajax/draws/current?types=…', () => {
  it('answers each known draw type as its own /current does, at one server time', async () => {
    const response = await server.app.inject({ url: '/ajax/draws/current?types=UUFFC,CQSSC,MKK3,NOPE,UUFFC' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const batch = CurrentDrawsSchema.parse(response.json());
    expect(Object.keys(batch.draws).sort()).toEqual(['CQSSC', 'MKK3', 'UUFFC']);
    for (const code of ['UUFFC', 'CQSSC', 'MKK3']) {
      const single = CurrentDrawSchema.parse((await server.app.inject({ url: `/ajax/draws/${code}/current` })).json());
      expect(batch.draws[code]).toEqual(single);
      expect(batch.draws[code]!.serverTime).toBe(batch.serverTime);
    }
    expect(batch.draws.UUFFC!.current).toMatchObject({ issueNumber: '202611220606', state: 'OPEN' });
    expect(batch.draws.MKK3!.current).toBeNull();
  });

  it('refuses more draw types than one request may carry, and an empty list', async () => {
    const codes = DRAW_TYPES.slice(0, CURRENT_DRAWS_MAX + 1).map((d) => d.code);
    expect((await server.app.inject({ url: `/ajax/draws/current?types=${codes.slice(0, CURRENT_DRAWS_MAX).join(',')}` })).statusCode).toBe(200);
    expect((await server.app.inject({ url: `/ajax/draws/current?types=${codes.join(',')}` })).statusCode).toBe(400);
    expect((await server.app.inject({ url: '/ajax/draws/current' })).statusCode).toBe(400);
  });
});

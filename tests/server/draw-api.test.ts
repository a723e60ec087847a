import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurrentDrawSchema, DrawnIssueSchema, ResultsSchema } from '../../src/shared/api/draws.ts';
import { HttpJsonFeed, parseFeedResult } from '../../src/server/draws/feeds/http-json.ts';
import { noOrdersLifecycle } from '../../src/server/draws/lifecycle.ts';
import { DrawScheduler } from '../../src/server/draws/scheduler.ts';
import { buildHashChain, chainSeed, issueCommitment, verifyPeriodicDraw } from '../../src/shared/draws/index.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/db.ts';

let server: TestServer;
let scheduler: DrawScheduler;
const clock = new ManualClock(beijing('2026-11-22 10:00:10'));

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.clock = clock;
  await server.db.database.pool.query(`UPDATE own_games SET enabled = draw_type IN ('UUFFC', 'CQSSC')`);
  scheduler = new DrawScheduler({
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

async function storedChain(drawType: string, salesDay: string) {
  const stored = await server.db.database.pool.query<{ terminal_seed: string; length: number }>(
    'SELECT terminal_seed, length FROM seed_chains WHERE draw_type = $1 AND sales_day = $2',
    [drawType, salesDay],
  );
  return buildHashChain(stored.rows[0]!.terminal_seed, stored.rows[0]!.length);
}

describe('draw data API', () => {
  it('gives the issue on sale, the next one and the latest result with the server time', async () => {
    const body = CurrentDrawSchema.parse((await server.app.inject({ url: '/ajax/draws/UUFFC/current' })).json());
    expect(body.serverTime).toBe(clock.now());
    expect(body.current).toMatchObject({ issueNumber: '202611220606', state: 'OPEN' });
    expect(body.current!.closesAt).toBe(beijing('2026-11-22 10:05:55'));
    expect(body.next).toMatchObject({ issueNumber: '202611220607', state: 'SCHEDULED' });
    expect(body.latest).toMatchObject({ issueNumber: '202611220605', state: 'SETTLED', resultSource: 'platform' });
    expect(body.latest!.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(body.drawing).toBeNull();
  });

  it('lists recent results newest first, capped at the history draw count', async () => {
    const body = ResultsSchema.parse((await server.app.inject({ url: '/ajax/draws/UUFFC/results?count=3' })).json());
    expect(body.results.map((r) => r.issueNumber)).toEqual(['202611220605', '202611220604', '202611220603']);
    const capped = await server.app.inject({ url: '/ajax/draws/UUFFC/results?count=5000' });
    expect(capped.statusCode).toBe(400);
    expect(capped.json().code).toBe('VALIDATION');
  });

  it('never reveals the seed of an issue not drawn yet; its commitment is SHA-256(seed ‖ 期号), not a chain link', async () => {
    const body = DrawnIssueSchema.parse((await server.app.inject({ url: '/ajax/draws/UUFFC/issues/202611220607' })).json());
    expect(body.seed).toBeNull();
    const chain = await storedChain('UUFFC', '2026-11-22');
    const seed = chainSeed(chain, 607);
    expect(body.commitment).toBe(await issueCommitment(seed, '202611220607'));
    expect([chain.anchor, ...chain.seeds]).not.toContain(body.commitment);
    expect(body.chain).toEqual({ anchor: chain.anchor, position: 607 });
  });

  it('publishes the day’s chain anchor, so a revealed seed is checked against it by position', async () => {
    const latest = DrawnIssueSchema.parse((await server.app.inject({ url: '/ajax/draws/UUFFC/issues/202611220605' })).json());
    const verification = await verifyPeriodicDraw({
      drawType: 'UUFFC',
      issueNumber: latest.issueNumber,
      seed: latest.seed!,
      commitment: latest.commitment!,
      chainAnchor: { hash: latest.chain!.anchor, distance: latest.chain!.position },
      publishedResult: latest.result!,
    });
    expect(verification.verdict).toBe('PASS');
    expect(verification.checks.map((c) => c.kind)).toEqual(['COMMITMENT', 'CHAIN_ANCHOR', 'RESULT']);
    // The simulated feed's draws are committed the same way, on their own chain.
    const feed = CurrentDrawSchema.parse((await server.app.inject({ url: '/ajax/draws/CQSSC/current' })).json()).current!;
    const feedChain = await storedChain('CQSSC', '2026-11-22');
    expect(feed.commitment).toBe(await issueCommitment(chainSeed(feedChain, feed.chain!.position), feed.issueNumber));
    expect(feed.chain!.anchor).toBe(feedChain.anchor);
  });

  it('answers unknown draw types and issues in Chinese', async () => {
    const unknown = await server.app.inject({ url: '/ajax/draws/NOPE/current' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: '彩种不存在' });
    expect((await server.app.inject({ url: '/ajax/draws/UUFFC/issues/1' })).json().message).toBe('期号不存在');
    const instant = CurrentDrawSchema.parse((await server.app.inject({ url: '/ajax/draws/MKSSC/current' })).json());
    expect(instant.current).toBeNull();
  });
});

describe('HTTP JSON result feed', () => {
  it('reads the result from the configured URL and path, null until it is published', async () => {
    const feedServer = Fastify();
    feedServer.get('/results/:drawType/:issue', async (request, reply) => {
      const { issue } = request.params as { issue: string };
      if (issue === '20261122001') return { data: { numbers: '1,2,3,4,5' } };
      return reply.code(404).send({});
    });
    await feedServer.listen({ host: '127.0.0.1', port: 0 });
    const port = (feedServer.server.address() as AddressInfo).port;
    const feed = new HttpJsonFeed({
      urlTemplate: `http://127.0.0.1:${port}/results/{drawType}/{issueNumber}`,
      resultPath: 'data.numbers',
    });
    expect(await feed.fetchResult({ drawType: 'CQSSC', issueNumber: '20261122001', drawAt: 0 })).toEqual([1, 2, 3, 4, 5]);
    expect(await feed.fetchResult({ drawType: 'CQSSC', issueNumber: '20261122002', drawAt: 0 })).toBeNull();
    await feedServer.close();
  });

  it('parses array and text forms and refuses anything else', () => {
    expect(parseFeedResult([1, 2, 3])).toEqual([1, 2, 3]);
    expect(parseFeedResult('01 02 03')).toEqual([1, 2, 3]);
    expect(parseFeedResult('1|2|x')).toBeNull();
    expect(parseFeedResult({})).toBeNull();
    expect(parseFeedResult([])).toBeNull();
  });
});

describe('continuous sales (issue 18 item 2)', () => {
  it('between a close and its draw the next issue is on sale and the closed one is being drawn, its seed still secret', async () => {
    clock.set(beijing('2026-11-22 10:05:57'));
    await scheduler.tick();
    const during = CurrentDrawSchema.parse((await server.app.inject({ url: '/ajax/draws/UUFFC/current' })).json());
    expect(during.current).toMatchObject({ issueNumber: '202611220607', state: 'OPEN', opensAt: beijing('2026-11-22 10:05:55') });
    expect(during.drawing).toMatchObject({ issueNumber: '202611220606', state: 'CLOSED' });
    expect(during.latest).toMatchObject({ issueNumber: '202611220605' });
    expect(JSON.stringify(during.drawing)).not.toContain('seed');

    clock.set(beijing('2026-11-22 10:06:01'));
    await scheduler.tick();
    const after = CurrentDrawSchema.parse((await server.app.inject({ url: '/ajax/draws/UUFFC/current' })).json());
    expect(after.drawing).toBeNull();
    expect(after.latest).toMatchObject({ issueNumber: '202611220606' });
    expect(after.current).toMatchObject({ issueNumber: '202611220607', state: 'OPEN' });
  });
});

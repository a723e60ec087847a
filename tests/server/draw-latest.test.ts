// The 开奖 page's data: every periodic draw type's latest result in one answer (briefly cached, never a
// seed, nothing of an issue not drawn yet) and one draw type's results a page at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryPageSchema, LatestResultsSchema } from '../../src/shared/api/draws.ts';
import { noOrdersLifecycle } from '../../src/server/draws/lifecycle.ts';
import { DrawScheduler } from '../../src/server/draws/scheduler.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/db.ts';

let server: TestServer;
let scheduler: DrawScheduler;
const clock = new ManualClock(beijing('2026-11-22 10:00:10'));

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.clock = clock;
  await server.db.database.pool.query(`UPDATE own_games SET enabled = draw_type IN ('UUFFC', 'UUMARK6', 'MKK3')`);
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

const latest = async () => {
  const response = await server.app.inject({ url: '/ajax/draws/latest' });
  expect(response.statusCode).toBe(200);
  return { response, body: LatestResultsSchema.parse(response.json()) };
};

describe('GET /ajax/draws/latest', () => {
  it('gives each drawn draw type’s newest result, with its issue, time and whether it can be verified', async () => {
    const { body } = await latest();
    const uuffc = body.results.find((r) => r.drawType === 'UUFFC');
    expect(uuffc).toMatchObject({ issueNumber: '202611220605', drawAt: beijing('2026-11-22 10:05:00'), verifiable: true });
    expect(uuffc!.result).toHaveLength(5);
    expect(body.results.find((r) => r.drawType === 'UUMARK6')?.result).toHaveLength(7);
    // Instant draws have no issues; no draw type appears twice.
    expect(body.results.some((r) => r.drawType === 'MKK3')).toBe(false);
    expect(new Set(body.results.map((r) => r.drawType)).size).toBe(body.results.length);
  });

  it('carries no seed or commitment, and nothing of an issue still on sale or being drawn', async () => {
    const { response, body } = await latest();
    expect(response.body).not.toMatch(/seed|commitment/i);
    const open = await server.db.database.pool.query<{ draw_type: string; issue_number: string }>(
      `SELECT draw_type, issue_number FROM draw_issues WHERE state NOT IN ('DRAWN', 'SETTLED')`,
    );
    const shown = new Set(body.results.map((r) => `${r.drawType}/${r.issueNumber}`));
    for (const row of open.rows) expect(shown.has(`${row.draw_type}/${row.issue_number}`)).toBe(false);
    for (const r of body.results) expect(r.drawAt).toBeLessThanOrEqual(clock.now());
  });

  it('is cached briefly: a new result shows within two seconds, not on every request', async () => {
    const { response, body: before } = await latest();
    expect(response.headers['cache-control']).toBe('public, max-age=2');
    clock.set(beijing('2026-11-22 10:06:10'));
    await scheduler.tick();
    clock.set(beijing('2026-11-22 10:06:10') + 500);
    const { body: later } = await latest();
    expect(later.serverTime).toBeGreaterThan(before.serverTime);
    expect(later.results.find((r) => r.drawType === 'UUFFC')?.issueNumber).toBe('202611220606');
    const { body: cached } = await latest();
    expect(cached.serverTime).toBe(later.serverTime);
  });
});

describe('GET /ajax/draws/{type}/history', () => {
  const page = async (query: string) => {
    const response = await server.app.inject({ url: `/ajax/draws/UUFFC/history?${query}` });
    expect(response.statusCode).toBe(200);
    return HistoryPageSchema.parse(response.json());
  };

  it('pages the drawn issues newest first', async () => {
    const first = await page('page=1&pageSize=4');
    const second = await page('page=2&pageSize=4');
    expect(first.total).toBeGreaterThanOrEqual(6);
    expect(first.results).toHaveLength(4);
    expect(first.results[0]!.issueNumber).toBe('202611220606');
    const numbers = [...first.results, ...second.results].map((r) => r.issueNumber);
    expect(numbers).toEqual([...numbers].sort().reverse());
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const r of first.results) expect(r.seed).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ends after the last result and refuses pages beyond its limits', async () => {
    const first = await page('page=1&pageSize=100');
    expect(first.results).toHaveLength(first.total);
    const beyond = await page(`page=${Math.ceil(first.total / 4) + 1}&pageSize=4`);
    expect(beyond.results).toEqual([]);
    expect((await server.app.inject({ url: '/ajax/draws/UUFFC/history?pageSize=500' })).statusCode).toBe(400);
    expect((await server.app.inject({ url: '/ajax/draws/NOPE/history' })).statusCode).toBe(404);
  });
});

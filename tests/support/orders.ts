// Helpers for betting tests: a seeded server on a controllable clock, and the result an issue WILL
// have (read from its secret seed chain, as only a test may), so that a bet can be made to win.
import { randomUUID } from 'node:crypto';
import { chainSeed, derivePeriodicDraw, issuesOfSalesDay, buildHashChain } from '../../src/shared/draws/index.ts';
import { ordersLifecycle } from '../../src/server/orders/lifecycle.ts';
import { DrawScheduler } from '../../src/server/draws/scheduler.ts';
import type { FeedAdapter } from '../../src/server/draws/feeds/feed.ts';
import type { TestServer } from './db.ts';
import type { ManualClock } from './clock.ts';
import { MUTATION_HEADERS } from './http.ts';

export function schedulerFor(server: TestServer, clock: ManualClock, feedTimeoutMs = 30 * 60_000, feed: FeedAdapter = 'simulated') {
  return new DrawScheduler({
    pool: server.db.database.pool,
    clock,
    feed,
    lifecycle: ordersLifecycle({ events: server.ctx.events }),
    events: server.ctx.events,
    feedTimeoutMs,
  });
}

export async function upcomingResult(server: TestServer, drawType: string, issueNumber: string): Promise<number[]> {
  const issue = await server.db.database.pool.query<{ sales_day: string; sequence: number }>(
    `SELECT to_char(sales_day, 'YYYY-MM-DD') AS sales_day, sequence FROM draw_issues WHERE draw_type = $1 AND issue_number = $2`,
    [drawType, issueNumber],
  );
  const { sales_day: salesDay, sequence } = issue.rows[0]!;
  const chain = await server.db.database.pool.query<{ terminal_seed: string }>(
    'SELECT terminal_seed FROM seed_chains WHERE draw_type = $1 AND sales_day = $2',
    [drawType, salesDay],
  );
  const built = await buildHashChain(chain.rows[0]!.terminal_seed, issuesOfSalesDay(drawType, salesDay).length);
  return (await derivePeriodicDraw({ drawType, issueNumber, seed: chainSeed(built, sequence) })).result;
}

export function placeRequest(server: TestServer, cookie: string, body: Record<string, unknown>) {
  return server.app.inject({
    method: 'POST',
    url: '/ajax/orders',
    headers: { cookie, ...MUTATION_HEADERS },
    payload: { clientKey: randomUUID(), ...body },
  });
}

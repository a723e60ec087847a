// FEED_ADAPTER=none: the feed draw types are not offered. The games API does not list them (and says
// they are hidden, so the lobby does not show them as closed), the scheduler neither generates nor
// draws their issues, and a bet or an autobet on one is refused with the spec's closed-game message —
// even on an issue left on sale from before the switch, which is cancelled and refunded instead.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnabledGamesSchema, GAME_CLOSED_MESSAGES } from '../../src/shared/api/games.ts';
import { DRAW_TYPES } from '../../src/shared/catalogue/draw-types.ts';
import { nextIssue } from '../../src/shared/draws/index.ts';
import { DrawScheduler } from '../../src/server/draws/scheduler.ts';
import { ordersLifecycle } from '../../src/server/orders/lifecycle.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { placeRequest } from '../support/orders.ts';

const FEED_TYPES = DRAW_TYPES.filter((d) => d.source === 'feed').map((d) => d.code);
const clock = new ManualClock(beijing('2026-11-22 10:00:10'));
let server: TestServer;
let scheduler: DrawScheduler;
let cookie: string;
/** A CQSSC issue put on sale before the switch to FEED_ADAPTER=none. */
let leftover: { id: number; issueNumber: string; drawAt: number };

const pool = () => server.db.database.pool;
const balance = async () => (await server.app.inject({ url: '/ajax/wallet/main-wallet-balance', headers: { cookie } })).json().balance as number;
const issueCount = async (drawType: string) =>
  Number((await pool().query('SELECT count(*) FROM draw_issues WHERE draw_type = $1', [drawType])).rows[0].count);
const cqsscBet = { methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1 };

beforeAll(async () => {
  server = await startTestServer({ FEED_ADAPTER: 'none' });
  server.ctx.clock = clock;
  await pool().query(`UPDATE own_games SET enabled = draw_type IN ('UUFFC', 'CQSSC', 'JSK3', 'JSTB')`);
  const issue = nextIssue('CQSSC', clock.now());
  const inserted = await pool().query<{ id: number }>(
    `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state)
     VALUES ('CQSSC', $1, $2, $3, to_timestamp($4 / 1000.0), to_timestamp($5 / 1000.0), to_timestamp($6 / 1000.0), 'OPEN') RETURNING id`,
    [issue.issueNumber, issue.salesDay, issue.sequence, issue.opensAt, issue.closesAt, issue.drawAt],
  );
  leftover = { id: inserted.rows[0]!.id, issueNumber: issue.issueNumber, drawAt: issue.drawAt };
  scheduler = new DrawScheduler({
    pool: pool(),
    clock,
    feed: 'none',
    lifecycle: ordersLifecycle({ events: server.ctx.events }),
    feedTimeoutMs: 30 * 60_000,
  });
  await scheduler.tick();
  cookie = await loginCookie(server.app, 'demo_player');
});
afterAll(() => server?.close());

describe('FEED_ADAPTER=none', () => {
  it('the games API lists no feed draw type, says they are hidden, and none is simulated', async () => {
    const games = EnabledGamesSchema.parse((await server.app.inject({ url: '/ajax/enabled-games' })).json());
    const listed = [...games.lotterys, ...games.dices].map((g) => g.drawType);
    expect(listed).toEqual(['UUFFC']);
    expect([...games.hiddenDrawTypes!].sort()).toEqual([...FEED_TYPES].sort());
    expect(games.simulatedDrawTypes).toEqual([]);
  });

  it('the scheduler generates no feed issues; platform draws go on', async () => {
    expect(await issueCount('CQSSC')).toBe(1);
    expect(await issueCount('JSK3')).toBe(0);
    expect(await issueCount('JSTB')).toBe(0);
    expect(await issueCount('UUFFC')).toBeGreaterThan(0);
  });

  it('a bet on a feed draw type is refused with the closed-game message, even on an issue still on sale', async () => {
    const before = await balance();
    const response = await placeRequest(server, cookie, { drawType: 'CQSSC', playMode: 'REGULAR', issueNumber: leftover.issueNumber, bets: [cqsscBet] });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(GAME_CLOSED_MESSAGES.LOTTERY);
    const autobet = await server.app.inject({
      method: 'POST',
      url: '/ajax/autobet',
      headers: { cookie, ...MUTATION_HEADERS },
      payload: { clientKey: randomUUID(), drawType: 'CQSSC', playMode: 'REGULAR', bets: [cqsscBet], plan: { kind: 'SAME', issues: 2, multiplier: 1 }, stopOnWin: false },
    });
    expect(autobet.statusCode).toBe(409);
    expect(autobet.json().message).toBe(GAME_CLOSED_MESSAGES.LOTTERY);
    expect(await balance()).toBe(before);
    expect((await pool().query('SELECT 1 FROM orders WHERE issue_id = $1', [leftover.id])).rowCount).toBe(0);
    expect((await pool().query(`SELECT 1 FROM autobets WHERE draw_type = 'CQSSC'`)).rowCount).toBe(0);
  });

  it('the issue left on sale is never drawn: it is cancelled at the feed timeout', async () => {
    clock.set(leftover.drawAt + 31 * 60_000);
    await scheduler.tick();
    const row = await pool().query<{ state: string; result: number[] | null; cancel_reason: string | null }>(
      'SELECT state, result, cancel_reason FROM draw_issues WHERE id = $1',
      [leftover.id],
    );
    expect(row.rows[0]).toEqual({ state: 'CANCELLED', result: null, cancel_reason: 'NO_RESULT' });
    expect(await issueCount('CQSSC')).toBe(1);
  });
});

// The back office's games endpoints end to end: an operator closes a game's play mode and at once
// enabled-games leaves it out, a bet and an autobet on it are refused with the spec §8 message, and a
// live event tells open apps; limits and board odds are enforced; bad input gets a Chinese 400 and
// changes nothing; the permission matrix holds (games.read / games.manage).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnabledGamesSchema, GAME_CLOSED_MESSAGES, isOwnGameEnabled } from '../../src/shared/api/games.ts';
import { AutobetRunner } from '../../src/server/autobet/runner.ts';
import { boardEngine } from '../../src/shared/lottery/board/index.ts';
import { yuan } from '../../src/shared/money.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { operatorCookie, operatorHeaders } from '../support/operators.ts';
import { placeRequest, schedulerFor } from '../support/orders.ts';

let server: TestServer;
let operations: string;
let risk: string;
let player: string;
const clock = new ManualClock(beijing('2026-11-22 09:00:10'));
const ISSUE = '202611220541'; // UUFFC, on sale 09:00:00–09:00:30
const API = '/ajax/backoffice/games';

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.clock = clock;
  await server.db.database.pool.query(`UPDATE own_games SET enabled = draw_type IN ('UUFFC', 'CQSSC', 'MARK6')`);
  await schedulerFor(server, clock).tick();
  operations = await operatorCookie(server.app, 'OPERATIONS');
  risk = await operatorCookie(server.app, 'RISK');
  player = await loginCookie(server.app, 'demo_player');
});
afterAll(() => server.close());

const pool = () => server.db.database.pool;
const put = (url: string, cookie: string, payload: unknown) => server.app.inject({ method: 'PUT', url, headers: operatorHeaders(cookie), payload: payload as object });
const get = (url: string, cookie: string) => server.app.inject({ method: 'GET', url, headers: { cookie } });
const zx5 = (multiplier = 1, lines = 1) => ({
  drawType: 'UUFFC',
  playMode: 'REGULAR',
  issueNumber: ISSUE,
  bets: Array.from({ length: lines }, () => ({ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier })),
});
const autobet = (issues = 2) =>
  server.app.inject({
    method: 'POST',
    url: '/ajax/autobet',
    headers: { cookie: player, ...MUTATION_HEADERS },
    payload: { clientKey: randomUUID(), drawType: 'UUFFC', playMode: 'REGULAR', bets: zx5().bets, plan: { kind: 'SAME', issues, multiplier: 1 }, stopOnWin: false },
  });
const balance = async () =>
  Number((await pool().query(`SELECT a.balance FROM ledger_accounts a JOIN customers c ON c.id = a.customer_id WHERE c.username = 'demo_player' AND a.kind = 'PLAYER_MAIN'`)).rows[0].balance);
const enabledGames = async () => EnabledGamesSchema.parse((await server.app.inject({ method: 'GET', url: '/ajax/enabled-games' })).json());
const gamesChangedEvents = async () =>
  (await pool().query<{ customer_id: number | null; payload: { drawType: string } }>(`SELECT customer_id, payload FROM live_events WHERE type = 'gamesChanged' ORDER BY id`)).rows;

describe('access', () => {
  it('answers the permission matrix: read for 风控, manage for 运营 only; customers and strangers get 401', async () => {
    expect((await get(API, risk)).statusCode).toBe(200);
    expect((await put(`${API}/UUFFC/modes/BOARD`, risk, { enabled: false })).statusCode).toBe(403);
    expect((await get(API, player)).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'GET', url: API })).statusCode).toBe(401);
    expect((await get(API, await operatorCookie(server.app, 'FINANCE'))).statusCode).toBe(403);
  });
});

describe('closing a game', () => {
  it('takes it out of enabled-games, refuses bets and autobets with the closed message, tells open apps; reopening restores it', async () => {
    expect((await placeRequest(server, player, zx5())).statusCode).toBe(200);
    const eventsBefore = (await gamesChangedEvents()).length;

    const closed = await put(`${API}/UUFFC/modes/REGULAR`, operations, { enabled: false, reason: '测试关闭' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ drawType: 'UUFFC', enabledModes: ['BOARD'] });
    expect(isOwnGameEnabled(await enabledGames(), 'LOTTERY', 'UUFFC', 'REGULAR')).toBe(false);
    expect(isOwnGameEnabled(await enabledGames(), 'LOTTERY', 'UUFFC', 'BOARD')).toBe(true);
    const events = await gamesChangedEvents();
    expect(events.slice(eventsBefore)).toEqual([{ customer_id: null, payload: { drawType: 'UUFFC' } }]);

    const before = await balance();
    const bet = await placeRequest(server, player, zx5());
    expect(bet.statusCode).toBe(409);
    expect(bet.json().message).toBe(GAME_CLOSED_MESSAGES.LOTTERY);
    const plan = await autobet();
    expect(plan.statusCode).toBe(409);
    expect(plan.json().message).toBe(GAME_CLOSED_MESSAGES.LOTTERY);
    expect(await balance()).toBe(before);

    expect((await put(`${API}/UUFFC/modes/REGULAR`, operations, { enabled: true })).statusCode).toBe(200);
    expect(isOwnGameEnabled(await enabledGames(), 'LOTTERY', 'UUFFC', 'REGULAR')).toBe(true);
    expect((await placeRequest(server, player, zx5())).statusCode).toBe(200);
    expect((await gamesChangedEvents()).length).toBe(eventsBefore + 2);
  });
});

describe('limits', () => {
  it('are enforced at placement once saved, and lifted when reset', async () => {
    const view = await get(`${API}/UUFFC/limits`, risk);
    expect(view.statusCode).toBe(200);
    const defaults = view.json();
    const saved = await put(`${API}/UUFFC/limits`, operations, {
      prizeGroup: defaults.prizeGroup,
      maxMultiplier: 5,
      maxBetsPerOrder: 2,
      maxPayoutPerOrder: yuan(10_000),
      maxPayoutPerIssue: yuan(50_000),
      reason: '风控收紧',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ customised: true, maxMultiplier: 5, maxBetsPerOrder: 2 });

    const tooMany = await placeRequest(server, player, zx5(6));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/倍/);
    const tooBig = await placeRequest(server, player, zx5(1, 3));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('注数超过上限：锦鲤分分彩每单最多2注');
    expect((await placeRequest(server, player, zx5(5, 2))).statusCode).toBe(200);

    const reset = await server.app.inject({ method: 'DELETE', url: `${API}/UUFFC/limits`, headers: operatorHeaders(operations) });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual(defaults);
    expect((await placeRequest(server, player, zx5(6, 3))).statusCode).toBe(200);
  });
});

describe('board odds', () => {
  const sumBig = () => boardEngine('CQSSC', undefined, '2026-11-22').catalogue().groups.flatMap((g) => g.betTypes).find((b) => b.id === 'SUM')!;

  it('shows each bet type with its RTP, and refuses odds at or above 100 % RTP with a Chinese message, storing nothing', async () => {
    const view = await get(`${API}/CQSSC/board`, risk);
    expect(view.statusCode).toBe(200);
    const sum = view.json().betTypes.find((b: { id: string }) => b.id === 'SUM');
    expect(sum).toMatchObject({ name: '总和', rtp: '98.00%', rtpWithRebate: '98.50%' });

    const refused = await put(`${API}/CQSSC/board`, operations, { odds: { SUM: { BIG: 20_000 } }, rebates: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/总和.*返奖率达到.*必须低于100%/);
    expect((await pool().query('SELECT 1 FROM game_board_settings')).rowCount).toBe(0);

    const lower = sumBig().levels.find((l) => l.key === 'BIG')!.odds - 200;
    const saved = await put(`${API}/CQSSC/board`, operations, { odds: { SUM: { BIG: lower } }, rebates: { SUM: 0 }, reason: '调整' });
    expect(saved.statusCode).toBe(200);
    const updated = saved.json().betTypes.find((b: { id: string }) => b.id === 'SUM');
    expect(updated.levels.find((l: { key: string }) => l.key === 'BIG')).toMatchObject({ odds: lower, defaultOdds: lower + 200 });
    expect(updated).toMatchObject({ rebate: 0, rtpWithRebate: '98.00%' });
    const publicView = await server.app.inject({ method: 'GET', url: '/ajax/board-settings/CQSSC' });
    expect(publicView.json()).toEqual({ odds: { SUM: { BIG: lower } }, rebates: { SUM: 0 } });
  });
});

describe('bad input', () => {
  it('gets a Chinese 400 (or 404 for an unknown game) and changes nothing', async () => {
    const games = async () => (await pool().query('SELECT draw_type, enabled, play_modes FROM own_games ORDER BY draw_type')).rows;
    const limits = async () => (await pool().query('SELECT * FROM game_regular_limits')).rows;
    const before = [await games(), await limits()];
    const cases: [string, string, unknown, number][] = [
      ['unknown game', `${API}/NOPE/modes/REGULAR`, { enabled: false }, 404],
      ['mode the game lacks', `${API}/MARK6/modes/REGULAR`, { enabled: false }, 400],
      ['unknown mode', `${API}/UUFFC/modes/FAST`, { enabled: false }, 400],
      ['switch not a boolean', `${API}/UUFFC/modes/REGULAR`, { enabled: 'no' }, 400],
      ['reason too long', `${API}/UUFFC/modes/REGULAR`, { enabled: false, reason: '长'.repeat(201) }, 400],
      ['prize groups reversed', `${API}/UUFFC/limits`, { prizeGroup: { min: 1900, max: 1800 }, maxMultiplier: 5, maxPayoutPerOrder: 1, maxPayoutPerIssue: 1 }, 400],
      ['issue cap below order cap', `${API}/UUFFC/limits`, { prizeGroup: { min: 1800, max: 1900 }, maxMultiplier: 5, maxPayoutPerOrder: 2, maxPayoutPerIssue: 1 }, 400],
      ['multiplier not a number', `${API}/UUFFC/limits`, { prizeGroup: { min: 1800, max: 1900 }, maxMultiplier: 'x', maxPayoutPerOrder: 1, maxPayoutPerIssue: 1 }, 400],
      ['prize groups for a board-only game', `${API}/MARK6/limits`, { prizeGroup: { min: 1800, max: 1900 }, maxPayoutPerOrder: 1, maxPayoutPerIssue: 1 }, 400],
      ['odds below a refund', `${API}/CQSSC/board`, { odds: { SUM: { BIG: 9_999 } }, rebates: {} }, 400],
      ['unknown bet type', `${API}/CQSSC/board`, { odds: { NOPE: { BIG: 19_000 } }, rebates: {} }, 400],
      ['rebate above 10 %', `${API}/CQSSC/board`, { odds: {}, rebates: { SUM: 1_001 } }, 400],
      ['board of a regular-only game', `${API}/FC3D/board`, { odds: {}, rebates: {} }, 400],
    ];
    for (const [label, url, payload, status] of cases) {
      const response = await put(url, operations, payload);
      expect(response.statusCode, label).toBe(status);
      expect(response.json().message, label).toMatch(/[\u4e00-\u9fff]/);
    }
    expect([await games(), await limits()]).toEqual(before);
  });
});

describe('a running autobet', () => {
  // Last in this file: it moves the clock past the issue the other tests bet on.
  it('skips the entries whose issue comes while its game is closed, with the closed message, and goes on once reopened', async () => {
    const created = await autobet(3);
    expect(created.statusCode).toBe(200);
    const id = Number(created.json().autobetId);
    const entries = async () =>
      (await pool().query<{ seq: number; status: string; note: string | null }>('SELECT seq, status, note FROM autobet_entries WHERE autobet_id = $1 ORDER BY seq', [id])).rows;
    expect((await entries()).map((e) => e.status)).toEqual(['BET', 'PENDING', 'PENDING']);
    const nextIssue = async () => {
      clock.advance(60_000);
      await schedulerFor(server, clock).tick();
      await new AutobetRunner(pool(), server.ctx.events).run(clock.now());
    };

    expect((await put(`${API}/UUFFC/modes/REGULAR`, operations, { enabled: false })).statusCode).toBe(200);
    await nextIssue();
    expect(await entries()).toEqual([
      expect.objectContaining({ seq: 1, status: 'BET' }),
      { seq: 2, status: 'CANCEL', note: GAME_CLOSED_MESSAGES.LOTTERY },
      { seq: 3, status: 'PENDING', note: null },
    ]);
    expect((await put(`${API}/UUFFC/modes/REGULAR`, operations, { enabled: true })).statusCode).toBe(200);
    await nextIssue();
    expect((await entries()).map((e) => e.status)).toEqual(['BET', 'CANCEL', 'BET']);
  });
});

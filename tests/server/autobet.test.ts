// Autobet (追号) against the real scheduler with a controllable clock.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutobetDetailSchema } from '../../src/shared/api/autobet.ts';
import { planAutobet } from '../../src/shared/autobet/plan.ts';
import { DrawScheduler } from '../../src/server/draws/scheduler.ts';
import { ordersLifecycle } from '../../src/server/orders/lifecycle.ts';
import { AutobetRunner } from '../../src/server/autobet/runner.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { parseYuan, yuan } from '../../src/shared/money.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { upcomingResult } from '../support/orders.ts';

let server: TestServer;
let cookie: string;
const clock = new ManualClock(beijing('2026-11-22 15:00:05'));
let scheduler: DrawScheduler;

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.clock = clock;
  await server.db.database.pool.query(`UPDATE own_games SET enabled = draw_type IN ('UUFFC', 'UU5FC', 'MARK6', 'MKSSC')`);
  const runner = new AutobetRunner(server.db.database.pool, server.ctx.events);
  scheduler = new DrawScheduler({
    pool: server.db.database.pool,
    clock,
    feed: 'simulated',
    lifecycle: ordersLifecycle({ events: server.ctx.events }),
    feedTimeoutMs: 30 * 60_000,
    afterTick: (now) => runner.run(now),
  });
  await scheduler.tick();
  cookie = await loginCookie(server.app, 'demo_player');
});
afterAll(() => server.close());

const create = (body: Record<string, unknown>, who = cookie) =>
  server.app.inject({ method: 'POST', url: '/ajax/autobet', headers: { cookie: who, ...MUTATION_HEADERS }, payload: { clientKey: randomUUID(), ...body } });
const detail = async (id: string) => AutobetDetailSchema.parse((await server.app.inject({ url: `/ajax/autobet/${id}`, headers: { cookie } })).json());
const balance = async () => (await server.app.inject({ url: '/ajax/wallet/main-wallet-balance', headers: { cookie } })).json().balance as number;

async function runMinutes(minutes: number) {
  for (let i = 0; i < minutes * 2; i++) {
    clock.advance(30_000);
    await scheduler.tick();
  }
}

const losingBet = { methodId: 'ZX5', selection: { rows: [[0, 1], [0], [0], [0], [0]] }, mode: 'LI', multiplier: 1 };

describe('autobet', () => {
  // Guards placement holding no pool connection while it waits for another: before, each create held
  // one (its entry locked) while placing the order needed a second, and 20 at once hung the whole pool.
  it('concurrent autobet creates do not deadlock the connection pool', async () => {
    const body = { drawType: 'UUFFC', playMode: 'REGULAR', bets: [losingBet], plan: { kind: 'SAME', issues: 2, multiplier: 1 }, stopOnWin: false };
    const all = Promise.all(Array.from({ length: 40 }, () => create(body)));
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      all.then((rs) => rs.map((r) => AutobetDetailSchema.parse(r.json()).entries[0]!.status)),
      new Promise<'HUNG'>((resolve) => (timer = setTimeout(() => resolve('HUNG'), 20_000))),
    ]);
    clearTimeout(timer);
    if (outcome === 'HUNG') {
      // Unstick the pool so the requests can finish: let it open more connections than configured.
      const pool = server.db.database.pool as unknown as { options: { max: number }; _pulseQueue(): void };
      pool.options.max = 200;
      for (let i = 0; i < 100; i++) pool._pulseQueue();
      await all;
      pool.options.max = 20;
    }
    // Every plan answered, its first entry placed.
    expect(outcome).toEqual(Array(40).fill('BET'));
  }, 60_000);

  it('doubling plan: each entry is placed when its issue opens, with the previewed multipliers', async () => {
    const plan = { kind: 'DOUBLE', issues: 5, multiplier: 1, every: 1, factor: 2 } as const;
    const before = await balance();
    const response = await create({ drawType: 'UUFFC', playMode: 'REGULAR', bets: [losingBet], plan, stopOnWin: false });
    expect(response.statusCode).toBe(200);
    const created = AutobetDetailSchema.parse(response.json());
    const preview = planAutobet(plan, { stakeUnit: parseYuan('0.004'), prizeUnit: 1, maxMultiplier: 10_000 });
    expect(created.entries.map((e) => e.multiplier)).toEqual(preview.map((p) => p.multiplier));
    expect(created.entries.map((e) => e.stake)).toEqual(preview.map((p) => p.stake));
    // The first issue is on sale now: placed at once; the others wait for their issue.
    expect(created.entries.map((e) => e.status)).toEqual(['BET', 'PENDING', 'PENDING', 'PENDING', 'PENDING']);
    expect(await balance()).toBe(before - preview[0]!.stake);

    await runMinutes(6);
    const done = await detail(created.autobetId);
    expect(done.entries.every((e) => e.status === 'BET' && e.orderId !== null)).toBe(true);
    expect(done.status).toBe('FINISHED');
    const orders = await server.db.database.pool.query<{ total_stake: number; issue_number: string }>(
      'SELECT total_stake, issue_number FROM orders WHERE autobet_id = $1 ORDER BY id',
      [Number(created.autobetId)],
    );
    expect(orders.rows.map((o) => o.total_stake)).toEqual(preview.map((p) => p.stake));
    expect(orders.rows.map((o) => o.issue_number)).toEqual(created.entries.map((e) => e.issueNumber));
  });

  it('stop-on-win stops the remaining entries after a win, and nothing more is debited', async () => {
    const current = (await server.app.inject({ url: '/ajax/draws/UUFFC/current' })).json().current;
    const next = (await server.app.inject({ url: '/ajax/draws/UUFFC/current' })).json().next;
    // Win on the second issue: bet the digits it will draw.
    const secondResult = await upcomingResult(server, 'UUFFC', next.issueNumber);
    const winning = { methodId: 'ZX5', selection: { rows: secondResult.map((d) => [d]) }, mode: 'LI', multiplier: 1 };
    const response = await create({ drawType: 'UUFFC', playMode: 'REGULAR', bets: [winning], plan: { kind: 'SAME', issues: 6, multiplier: 1 }, stopOnWin: true });
    const created = AutobetDetailSchema.parse(response.json());
    expect(created.entries[0]!.issueNumber).toBe(current.issueNumber);
    await runMinutes(3);
    const afterWin = await detail(created.autobetId);
    expect(afterWin.status).toBe('STOP');
    expect(afterWin.entries[1]!.orderStatus).toBe('WON');
    // Issue 3 opens when issue 2 is drawn; the win is settled in that same tick and seen before entry 3
    // would go in, so entries 3–6 are all stopped, none placed. (An entry placed before the win was
    // settled is cancelled and refunded: autobet-scheduler.test.ts.)
    expect(afterWin.entries.map((e) => e.status)).toEqual(['BET', 'BET', 'STOP', 'STOP', 'STOP', 'STOP']);
    expect(afterWin.entries.slice(2).every((e) => e.orderId === null && e.note === '中奖后停止追号')).toBe(true);
    expect(afterWin.totalStaked).toBe(afterWin.entries[0]!.stake * 2);
    const before = await balance();
    await runMinutes(4);
    expect(await balance()).toBe(before);
    expect((await detail(created.autobetId)).entries.filter((e) => e.orderId !== null).length).toBe(afterWin.entries.filter((e) => e.orderId !== null).length);
  });

  it('the player can stop the remaining entries', async () => {
    const response = await create({ drawType: 'UU5FC', playMode: 'REGULAR', bets: [losingBet], plan: { kind: 'SAME', issues: 5, multiplier: 2 }, stopOnWin: false });
    const created = AutobetDetailSchema.parse(response.json());
    const stopped = await server.app.inject({ method: 'PUT', url: `/ajax/autobet/${created.autobetId}/stop`, headers: { cookie, ...MUTATION_HEADERS } });
    const body = AutobetDetailSchema.parse(stopped.json());
    expect(body.status).toBe('USER_CANCELED');
    expect(body.entries.slice(1).every((e) => e.status === 'STOP')).toBe(true);
    await runMinutes(12);
    expect((await detail(created.autobetId)).entries.filter((e) => e.orderId !== null)).toHaveLength(1);
  });

  it('refuses trial accounts, instant draws and 六合彩 with Chinese messages', async () => {
    const trial = await loginCookie(server.app, 'demo_trial');
    const refused = await create({ drawType: 'UUFFC', playMode: 'REGULAR', bets: [losingBet], plan: { kind: 'SAME', issues: 2, multiplier: 1 }, stopOnWin: false }, trial);
    expect(refused.json()).toEqual({ code: 'TRIAL_FORBIDDEN', message: '试玩账号不能追号' });
    const instant = await create({ drawType: 'MKSSC', playMode: 'REGULAR', bets: [losingBet], plan: { kind: 'SAME', issues: 2, multiplier: 1 }, stopOnWin: false });
    expect(instant.json().message).toBe('该彩种不支持追号');
    const mark6 = await create({ drawType: 'MARK6', playMode: 'BOARD', bets: [{ betTypeId: 'X', selection: '1', stake: 10_000 }], plan: { kind: 'SAME', issues: 2, multiplier: 1 }, stopOnWin: false });
    expect(mark6.json().message).toBe('该彩种不支持追号');
    const impossible = await create({ drawType: 'UUFFC', playMode: 'REGULAR', bets: [losingBet], plan: { kind: 'PROFIT', issues: 3, minMultiplier: 1, profitRate: 5_000_000 }, stopOnWin: false });
    expect(impossible.json(), impossible.body).toMatchObject({ message: '利润率过高，无法生成追号计划' });
    // Board bets: the multiplier stops where the strictest bet type's maximum stake does (五条: ¥1000 a bet).
    const board = (multiplier: number) =>
      create({
        drawType: 'UUFFC',
        playMode: 'BOARD',
        bets: [{ betTypeId: 'SUM', selection: 'BIG', stake: yuan(10) }, { betTypeId: 'FORM_FIVE', selection: 'FIVE_OF_A_KIND', stake: yuan(10) }],
        plan: { kind: 'SAME', issues: 2, multiplier },
        stopOnWin: false,
      });
    expect((await board(101)).json()).toMatchObject({ message: '第 1 期倍数超出上限 100，请减少期数或调整计划' });
    const within = await board(100);
    expect(within.statusCode, within.body).toBe(200);
    const placed = AutobetDetailSchema.parse(within.json());
    expect(placed.entries[0]).toMatchObject({ status: 'BET', stake: yuan(2000) });
    await server.app.inject({ method: 'PUT', url: `/ajax/autobet/${placed.autobetId}/stop`, headers: { cookie, ...MUTATION_HEADERS } });
  });

  it('a crash between issues loses or duplicates no entry (idempotent placement), and the ledger reconciles', async () => {
    const response = await create({ drawType: 'UUFFC', playMode: 'REGULAR', bets: [losingBet], plan: { kind: 'SAME', issues: 4, multiplier: 1 }, stopOnWin: false });
    const created = AutobetDetailSchema.parse(response.json());
    // Simulate a crash after an entry's order was placed but before the entry was marked: reset the entry.
    const first = created.entries[0]!;
    await server.db.database.pool.query(`UPDATE autobet_entries SET status = 'PENDING', order_id = NULL WHERE autobet_id = $1 AND seq = 1`, [Number(created.autobetId)]);
    await new AutobetRunner(server.db.database.pool).run(clock.now());
    const again = await detail(created.autobetId);
    expect(again.entries[0]).toMatchObject({ status: 'BET', orderId: first.orderId });
    await runMinutes(5);
    const finished = await detail(created.autobetId);
    expect(finished.entries.map((e) => e.status)).toEqual(['BET', 'BET', 'BET', 'BET']);
    const orderCount = await server.db.database.pool.query('SELECT count(*)::int AS n FROM orders WHERE autobet_id = $1', [Number(created.autobetId)]);
    expect(orderCount.rows[0].n).toBe(4);
    expect((await reconcile(server.db.database.pool)).ok).toBe(true);
  });
});

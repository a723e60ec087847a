// Autobet (追号) against the real scheduler with a controllable clock: every plan kind is placed with
// the multipliers its preview showed; a cancelled issue, a balance too low and a crash of the process
// each leave the entries, the orders and the ledger in agreement (docs/autobet.md).
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutobetRunner } from '../../src/server/autobet/runner.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import type { ResultFeed } from '../../src/server/draws/feeds/feed.ts';
import type { IssueLifecycle } from '../../src/server/draws/lifecycle.ts';
import { DrawScheduler } from '../../src/server/draws/scheduler.ts';
import { ordersLifecycle } from '../../src/server/orders/lifecycle.ts';
import { placeOrder } from '../../src/server/orders/place.ts';
import { playerAccountId, playerBalance, postTransfer, reconcile, systemAccountId } from '../../src/server/wallet/ledger.ts';
import { AutobetDetailSchema, type AutobetDetail } from '../../src/shared/api/autobet.ts';
import type { RegularBetInput } from '../../src/shared/api/orders.ts';
import { planAutobet, type AutobetPlan } from '../../src/shared/autobet/plan.ts';
import { regularPlanUnits } from '../../src/shared/autobet/units.ts';
import { yuan } from '../../src/shared/money.ts';
import { derivePeriodicDraw } from '../../src/shared/draws/index.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { upcomingResult } from '../support/orders.ts';

/** An official feed that publishes a result at the draw time, except for the issues a test withholds. */
class WithholdingFeed implements ResultFeed {
  readonly name = 'withholding';
  readonly withheld = new Set<string>();
  async fetchResult(issue: Parameters<ResultFeed['fetchResult']>[0], now: number) {
    if (now < issue.drawAt || this.withheld.has(`${issue.drawType}:${issue.issueNumber}`)) return null;
    const seed = createHash('sha256').update(`${issue.drawType}:${issue.issueNumber}`).digest('hex');
    return (await derivePeriodicDraw({ drawType: issue.drawType, issueNumber: issue.issueNumber, seed })).result;
  }
}

let server: TestServer;
/** Set while the settlement loop falls behind the sales and autobet loops (they run apart in production). */
let settlementBehind = false;
/** Set while the scheduler's own autobet runner is paused, so that a test can play another process's runner. */
let runnerPaused = false;
const clock = new ManualClock(beijing('2026-11-22 15:00:05'));
const feed = new WithholdingFeed();
let scheduler: DrawScheduler;
const pool = () => server.db.database.pool;

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.clock = clock;
  await pool().query(`UPDATE own_games SET enabled = draw_type IN ('UUFFC', 'APF10SSC', 'FC3D')`);
  const runner = new AutobetRunner(pool(), server.ctx.events);
  scheduler = new DrawScheduler({
    pool: pool(),
    clock,
    feed,
    lifecycle: laggingLifecycle(ordersLifecycle({ events: server.ctx.events })),
    feedTimeoutMs: 3 * 60_000,
    afterTick: (now) => (runnerPaused ? Promise.resolve() : runner.run(now)),
  });
  await scheduler.tick();
});
afterAll(() => server.close());

function laggingLifecycle(lifecycle: IssueLifecycle): IssueLifecycle {
  return {
    settleDrawn: (db, issues, now) => (settlementBehind ? Promise.resolve([]) : lifecycle.settleDrawn(db, issues, now)),
    afterCancel: (db, issues, now) => lifecycle.afterCancel(db, issues, now),
  };
}

async function runMinutes(minutes: number) {
  for (let i = 0; i < minutes * 2; i++) {
    clock.advance(30_000);
    await scheduler.tick();
  }
}

/** To 5 s past a minute, when a 分分彩 issue has just opened (an issue opens at the previous draw). */
async function toMinuteStart() {
  for (let left = (65_000 - (clock.now() % 60_000)) % 60_000; left > 0; left -= Math.min(left, 30_000)) {
    clock.advance(Math.min(left, 30_000));
    await scheduler.tick();
  }
}

/** Resolves once some backend of this database waits for a lock while running a query that starts with `prefix`. */
async function waitForLockWait(prefix: string) {
  for (let i = 0; i < 2000; i++) {
    const waiting = await pool().query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`, [
      `${prefix}%`,
    ]);
    if ((waiting.rowCount ?? 0) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`nothing waited on a lock for: ${prefix}`);
}

async function playerId(username: string): Promise<number> {
  return (await pool().query<{ id: number }>('SELECT id FROM customers WHERE username = $1', [username])).rows[0]!.id;
}

/** Moves money between the player's wallet and the demo funding account, as a ledger transfer. */
async function fund(customerId: number, amount: number) {
  await withTransaction(pool(), async (client) => {
    const external = await systemAccountId(client, 'external:demo-funding', 'EXTERNAL');
    const player = await playerAccountId(client, customerId);
    await postTransfer(client, {
      idempotencyKey: `test:autobet-funds:${randomUUID()}`,
      type: amount > 0 ? 'DEP' : 'WIT',
      legs: [
        { accountId: external, amount: -amount },
        { accountId: player, amount },
      ],
    });
  });
}

function client(cookie: string) {
  return {
    create: (body: Record<string, unknown>) =>
      server.app.inject({ method: 'POST', url: '/ajax/autobet', headers: { cookie, ...MUTATION_HEADERS }, payload: { clientKey: randomUUID(), ...body } }),
    detail: async (id: string) => AutobetDetailSchema.parse((await server.app.inject({ url: `/ajax/autobet/${id}`, headers: { cookie } })).json()),
  };
}

async function ordersOf(autobetId: string) {
  return (
    await pool().query<{ id: number; total_stake: number; status: string; payout: number; bets: { multiplier: number }[] }>(
      `SELECT o.id, o.total_stake, o.status, o.payout, (SELECT json_agg(json_build_object('multiplier', b.multiplier) ORDER BY b.id)
                                                         FROM order_bets b WHERE b.order_id = o.id) AS bets
         FROM order_outcomes o WHERE o.autobet_id = $1 ORDER BY o.id`,
      [Number(autobetId)],
    )
  ).rows;
}

/** What the player's wallet must show: what it had, less every stake that stood, plus every payout. */
async function expectWalletAgrees(customerId: number, before: number, details: readonly AutobetDetail[]) {
  let expected = before;
  for (const detail of details) {
    for (const order of await ordersOf(detail.autobetId)) {
      if (!order.status.endsWith('CANCELED')) expected -= order.total_stake;
      expected += order.payout;
    }
  }
  expect(await playerBalance(pool(), customerId)).toBe(expected);
  const report = await reconcile(pool());
  expect(report.ok, JSON.stringify(report)).toBe(true);
}

// 五星直选, two tickets: a win is a 2-in-100000 chance per issue.
const unlikely = (mode: 'YUAN' | 'LI'): RegularBetInput => ({ methodId: 'ZX5', selection: { rows: [[0, 1], [0], [0], [0], [0]] }, mode, multiplier: 1, prizeGroup: 1950 });
// 定位胆 on one digit: wins now and then, which changes nothing in a plan without stop-on-win.
const oneDigit: RegularBetInput = { methodId: 'DWD', selection: { rows: [[5], [], [], [], []] }, mode: 'YUAN', multiplier: 1, prizeGroup: 1950 };

describe('autobet plans run as previewed', () => {
  it('same multiplier and 利润率: every entry is placed with the previewed multiplier and stake, and the ledger reconciles', async () => {
    const cookie = await loginCookie(server.app, 'demo_player');
    const { create, detail } = client(cookie);
    const customerId = await playerId('demo_player');
    await toMinuteStart();
    const before = await playerBalance(pool(), customerId);
    const plans: AutobetPlan[] = [
      { kind: 'SAME', issues: 5, multiplier: 3 },
      { kind: 'PROFIT', issues: 6, minMultiplier: 1, profitRate: 300 },
    ];
    const created: AutobetDetail[] = [];
    // The player's preview: the shared planner over the engine's units (app/features/autobet/autobet-preview.ts).
    const units = regularPlanUnits('UUFFC', [{ methodId: oneDigit.methodId, selection: oneDigit.selection, mode: 'YUAN', prizeGroup: 1950 }]);
    for (const plan of plans) {
      const preview = { planned: planAutobet(plan, units) };
      const response = await create({ drawType: 'UUFFC', playMode: 'REGULAR', bets: [oneDigit], plan, stopOnWin: false });
      expect(response.statusCode, response.body).toBe(200);
      const placed = AutobetDetailSchema.parse(response.json());
      expect(placed.entries.map((e) => e.multiplier)).toEqual(preview.planned.map((p) => p.multiplier));
      expect(placed.entries.map((e) => e.stake)).toEqual(preview.planned.map((p) => p.stake));
      expect(placed.totalPlanned).toBe(preview.planned.at(-1)!.cumulativeCost);
      created.push(placed);
    }
    // The 利润率 plan at 300%: ¥2 a unit, ¥19.50 a win, so the multiplier climbs as the cost does.
    expect(created[1]!.entries.map((e) => e.multiplier)).toEqual([1, 1, 2, 3, 5, 9]);

    await runMinutes(8);
    for (const [i, plan] of plans.entries()) {
      const done = await detail(created[i]!.autobetId);
      expect(done.status).toBe('FINISHED');
      expect(done.entries.map((e) => e.status)).toEqual(Array(plan.issues).fill('BET'));
      const orders = await ordersOf(done.autobetId);
      expect(orders.map((o) => o.id)).toEqual(done.entries.map((e) => Number(e.orderId)));
      expect(orders.map((o) => o.total_stake)).toEqual(created[i]!.entries.map((e) => e.stake));
      expect(orders.map((o) => o.bets[0]!.multiplier)).toEqual(created[i]!.entries.map((e) => e.multiplier));
      expect(orders.every((o) => o.status === 'WON' || o.status === 'LOST')).toBe(true);
    }
    await expectWalletAgrees(customerId, before, created);
  });
});

describe('an autobet when things go wrong', () => {
  it('a cancelled issue: its entry is CANCEL with the stake refunded, the plan goes on', async () => {
    const cookie = await loginCookie(server.app, 'demo_player');
    const { create, detail } = client(cookie);
    const customerId = await playerId('demo_player');
    await toMinuteStart();
    const before = await playerBalance(pool(), customerId);
    const response = await create({ drawType: 'APF10SSC', playMode: 'REGULAR', bets: [unlikely('YUAN')], plan: { kind: 'SAME', issues: 3, multiplier: 2 }, stopOnWin: false });
    expect(response.statusCode, response.body).toBe(200);
    const created = AutobetDetailSchema.parse(response.json());
    expect(created.entries[0]!.status).toBe('BET');
    expect(await playerBalance(pool(), customerId)).toBe(before - yuan(8));
    // The official result of the first issue never arrives: three minutes after its draw it is cancelled.
    feed.withheld.add(`APF10SSC:${created.entries[0]!.issueNumber}`);

    await runMinutes(15);
    const midway = await detail(created.autobetId);
    expect(midway.entries[0]).toMatchObject({ status: 'CANCEL', orderStatus: 'SYSTEM_CANCELED', note: '该期已撤销，投注金额已退回' });
    expect(midway.entries[1]!.status).toBe('BET');
    const refund = await pool().query('SELECT 1 FROM ledger_transfers WHERE idempotency_key = $1', [`refund:${created.entries[0]!.orderId}`]);
    expect(refund.rowCount).toBe(1);

    await runMinutes(20);
    const done = await detail(created.autobetId);
    expect(done.status).toBe('FINISHED');
    expect(done.entries.map((e) => e.status)).toEqual(['CANCEL', 'BET', 'BET']);
    expect(done.totalStaked).toBe(yuan(16));
    await expectWalletAgrees(customerId, before, [done]);
  });

  it('余额不足: that entry is CANCEL with the reason, nothing is debited for it, and the plan goes on', async () => {
    const cookie = await loginCookie(server.app, 'demo_member2');
    const { create, detail } = client(cookie);
    const customerId = await playerId('demo_member2');
    await toMinuteStart();
    // ¥40 an issue (2 注 × ¥2 × 10) with ¥60 in the wallet: the first goes in, the second cannot.
    await fund(customerId, yuan(60) - (await playerBalance(pool(), customerId)));
    const before = await playerBalance(pool(), customerId);
    const response = await create({ drawType: 'UUFFC', playMode: 'REGULAR', bets: [unlikely('YUAN')], plan: { kind: 'SAME', issues: 4, multiplier: 10 }, stopOnWin: false });
    expect(response.statusCode, response.body).toBe(200);
    const created = AutobetDetailSchema.parse(response.json());
    expect(created.entries[0]!.status).toBe('BET');

    await runMinutes(1);
    const short = await detail(created.autobetId);
    expect(short.entries[1]).toMatchObject({ status: 'CANCEL', orderId: null, note: '余额不足' });
    expect(await playerBalance(pool(), customerId)).toBe(yuan(20));
    // Money arrives: the next entries go in when their issues open.
    await fund(customerId, yuan(100));
    await runMinutes(4);
    const done = await detail(created.autobetId);
    expect(done.status).toBe('FINISHED');
    expect(done.entries.map((e) => e.status)).toEqual(['BET', 'CANCEL', 'BET', 'BET']);
    expect((await ordersOf(done.autobetId)).length).toBe(3);
    await expectWalletAgrees(customerId, before + yuan(100), [done]);
  });

  it('a crash after an order was committed but before its entry was marked: after a restart past the close, the entry gets its order', async () => {
    const cookie = await loginCookie(server.app, 'demo_player');
    const { create, detail } = client(cookie);
    const customerId = await playerId('demo_player');
    await toMinuteStart();
    const before = await playerBalance(pool(), customerId);
    const response = await create({ drawType: 'UUFFC', playMode: 'REGULAR', bets: [unlikely('LI')], plan: { kind: 'SAME', issues: 4, multiplier: 1 }, stopOnWin: false });
    const created = AutobetDetailSchema.parse(response.json());
    const first = created.entries[0]!;
    expect(first.status).toBe('BET');
    // The process died between the order's commit and the entry's update: the entry still says PENDING.
    await pool().query(`UPDATE autobet_entries SET status = 'PENDING', order_id = NULL WHERE autobet_id = $1 AND seq = 1`, [Number(created.autobetId)]);
    // Down for two minutes: the first issue closed and was drawn, the second opened and closed unseen,
    // the third has just opened.
    clock.advance(120_000);
    await scheduler.tick();
    const restarted = await detail(created.autobetId);
    expect(restarted.entries[0]).toMatchObject({ status: 'BET', orderId: first.orderId });
    expect(restarted.entries[0]!.orderStatus).toMatch(/^(WON|LOST)$/);
    // The second issue's sales came and went while nothing ran: skipped, never placed, never debited.
    expect(restarted.entries[1]).toMatchObject({ status: 'CANCEL', orderId: null, note: '未能在截止前投注' });
    expect(restarted.entries[2]!.status).toBe('BET');

    await runMinutes(3);
    const done = await detail(created.autobetId);
    expect(done.status).toBe('FINISHED');
    expect(done.entries.map((e) => e.status)).toEqual(['BET', 'CANCEL', 'BET', 'BET']);
    expect((await ordersOf(done.autobetId)).map((o) => String(o.id))).toEqual([first.orderId, done.entries[2]!.orderId, done.entries[3]!.orderId]);
    await expectWalletAgrees(customerId, before, [done]);
  });

  // Guards stop-on-win adopting again under the plan lock: an order another process committed under an
  // entry's key (and died before marking the entry) is linked and, its issue on sale, cancelled and refunded.
  it('a crash between placing and marking while the plan stops on a win: the order is linked, cancelled and refunded, never left standing', async () => {
    const cookie = await loginCookie(server.app, 'demo_player');
    const { create, detail } = client(cookie);
    const customer = (await pool().query<{ id: number; prize_group: number }>(`SELECT id, prize_group FROM customers WHERE username = 'demo_player'`)).rows[0]!;
    await toMinuteStart();
    const before = await playerBalance(pool(), customer.id);
    const current = (await server.app.inject({ url: '/ajax/draws/UUFFC/current' })).json().current;
    const result = await upcomingResult(server, 'UUFFC', current.issueNumber);
    const winning: RegularBetInput = { methodId: 'ZX5', selection: { rows: result.map((d) => [d]) }, mode: 'LI', multiplier: 1, prizeGroup: 1950 };
    const response = await create({
      drawType: 'UUFFC',
      playMode: 'REGULAR',
      bets: [winning],
      plan: { kind: 'SAME', issues: 3, multiplier: 1 },
      stopOnWin: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = AutobetDetailSchema.parse(response.json());
    expect(created.entries[0]!.status).toBe('BET');
    const autobetId = Number(created.autobetId);
    const second = created.entries[1]!;

    // This process's runner is paused: the first entry's issue is drawn and settled (a win) and the
    // second entry's issue opens.
    runnerPaused = true;
    try {
      for (let i = 0; i < 8; i++) {
        clock.advance(15_000);
        await scheduler.tick();
        const won = await pool().query(`SELECT 1 FROM orders WHERE autobet_id = $1 AND status = 'WON'`, [autobetId]);
        const open = await pool().query(`SELECT 1 FROM draw_issues WHERE draw_type = 'UUFFC' AND issue_number = $1 AND state = 'OPEN'`, [second.issueNumber]);
        if (won.rowCount && open.rowCount) break;
      }
      // Process B's runner has adopted (nothing to adopt yet) and is about to stop the plan; it waits on
      // the plan's row, held here for the moment.
      const holder = await pool().connect();
      let placed;
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM autobets WHERE id = $1 FOR UPDATE', [autobetId]);
        const runB = new AutobetRunner(pool()).run(clock.now());
        await waitForLockWait('SELECT 1 FROM autobets WHERE id = $1 AND status');
        // Meanwhile process A placed the second entry's order (same key, same body as the runner's) and
        // died before marking the entry.
        placed = await placeOrder(
          pool(),
          { customerId: customer.id, prizeGroup: customer.prize_group },
          {
            playMode: 'REGULAR',
            clientKey: `autobet:${autobetId}:2`,
            drawType: 'UUFFC',
            issueNumber: second.issueNumber,
            bets: [{ ...winning, multiplier: second.multiplier }],
          },
          clock.now(),
          { autobetId },
        );
        await holder.query('COMMIT');
        await runB;
      } finally {
        holder.release();
      }
      await new AutobetRunner(pool()).run(clock.now());

      const after = await detail(created.autobetId);
      expect(after.status).toBe('STOP');
      // The plan stopped on a win while the second issue was still on sale: that entry's order is linked,
      // cancelled by the system and refunded; nothing stands behind an entry shown as stopped.
      expect(after.entries[1]).toMatchObject({
        status: 'STOP',
        orderId: placed.order.orderId,
        orderStatus: 'SYSTEM_CANCELED',
        note: '中奖后停止追号，该期投注已撤单，投注金额已退回',
      });
      expect(after.entries[2]).toMatchObject({ status: 'STOP', orderId: null, note: '中奖后停止追号' });
      const refund = await pool().query('SELECT 1 FROM ledger_transfers WHERE idempotency_key = $1', [`refund:${placed.order.orderId}`]);
      expect(refund.rowCount).toBe(1);
      await expectWalletAgrees(customer.id, before, [after]);
    } finally {
      runnerPaused = false;
    }
  });

  // Guards a stop that meets an entry a runner is placing: the stop leaves it to that runner, and when the
  // runner dies before recording it, the claim expires and the order is adopted, cancelled and refunded.
  it('a win stops the plan while an entry is being placed and its runner dies: the entry is settled once its claim expires', async () => {
    const cookie = await loginCookie(server.app, 'demo_player');
    const { create, detail } = client(cookie);
    const customer = (await pool().query<{ id: number; prize_group: number }>(`SELECT id, prize_group FROM customers WHERE username = 'demo_player'`)).rows[0]!;
    await toMinuteStart();
    const before = await playerBalance(pool(), customer.id);
    const current = (await server.app.inject({ url: '/ajax/draws/UUFFC/current' })).json().current;
    const result = await upcomingResult(server, 'UUFFC', current.issueNumber);
    const winning: RegularBetInput = { methodId: 'ZX5', selection: { rows: result.map((d) => [d]) }, mode: 'LI', multiplier: 1, prizeGroup: 1950 };
    const response = await create({
      drawType: 'UUFFC',
      playMode: 'REGULAR',
      bets: [winning],
      plan: { kind: 'SAME', issues: 3, multiplier: 1 },
      stopOnWin: true,
    });
    const created = AutobetDetailSchema.parse(response.json());
    const autobetId = Number(created.autobetId);
    const second = created.entries[1]!;
    runnerPaused = true;
    try {
      for (let i = 0; i < 8; i++) {
        clock.advance(15_000);
        await scheduler.tick();
        const won = await pool().query(`SELECT 1 FROM orders WHERE autobet_id = $1 AND status = 'WON'`, [autobetId]);
        const open = await pool().query(`SELECT 1 FROM draw_issues WHERE draw_type = 'UUFFC' AND issue_number = $1 AND state = 'OPEN'`, [second.issueNumber]);
        if (won.rowCount && open.rowCount) break;
      }
      // Process A has claimed the second entry and is placing it when process B's runner sees the win.
      await pool().query(`UPDATE autobet_entries SET placing_at = now() WHERE autobet_id = $1 AND seq = 2`, [autobetId]);
      await new AutobetRunner(pool()).run(clock.now());
      const stopped = await detail(created.autobetId);
      expect(stopped.status).toBe('STOP');
      expect(stopped.entries.map((e) => e.status)).toEqual(['BET', 'PENDING', 'STOP']);
      // A's order goes in, and A dies before recording it; its claim expires.
      const placed = await placeOrder(
        pool(),
        { customerId: customer.id, prizeGroup: customer.prize_group },
        {
          playMode: 'REGULAR',
          clientKey: `autobet:${autobetId}:2`,
          drawType: 'UUFFC',
          issueNumber: second.issueNumber,
          bets: [{ ...winning, multiplier: second.multiplier }],
        },
        clock.now(),
        { autobetId },
      );
      await pool().query(`UPDATE autobet_entries SET placing_at = now() - interval '2 minutes' WHERE autobet_id = $1 AND seq = 2`, [autobetId]);
      await new AutobetRunner(pool()).run(clock.now());
      const settled = await detail(created.autobetId);
      expect(settled.entries[1]).toMatchObject({
        status: 'STOP',
        orderId: placed.order.orderId,
        orderStatus: 'SYSTEM_CANCELED',
        note: '中奖后停止追号，该期投注已撤单，投注金额已退回',
      });
      await expectWalletAgrees(customer.id, before, [settled]);
    } finally {
      runnerPaused = false;
    }
  });
});

describe('stop-on-win while the settlement loop is behind', () => {
  async function winningOnSecondIssue(cookie: string) {
    await toMinuteStart();
    const { create } = client(cookie);
    const { current, next } = (await server.app.inject({ url: '/ajax/draws/UUFFC/current' })).json() as { current: { issueNumber: string }; next: { issueNumber: string } };
    const result = await upcomingResult(server, 'UUFFC', next.issueNumber);
    const bet: RegularBetInput = { methodId: 'ZX5', selection: { rows: result.map((d) => [d]) }, mode: 'LI', multiplier: 1, prizeGroup: 1950 };
    const response = await create({ drawType: 'UUFFC', playMode: 'REGULAR', bets: [bet], plan: { kind: 'SAME', issues: 5, multiplier: 1 }, stopOnWin: true });
    expect(response.statusCode, response.body).toBe(200);
    const created = AutobetDetailSchema.parse(response.json());
    expect(created.entries[0]!.issueNumber).toBe(current.issueNumber);
    // 5 s past: issue 1 closes at 30 s, issue 2 opens at 60 s (issue 1's draw), closes at 90 s and is drawn at 120 s.
    for (let i = 0; i < 3; i++) {
      clock.advance(30_000);
      await scheduler.tick();
    }
    // At 125 s issue 2 is drawn and issue 3 opens: entry 3 goes in while issue 2 waits for settlement.
    settlementBehind = true;
    clock.advance(30_000);
    await scheduler.tick();
    return created;
  }

  it('an entry placed before the win was settled, its issue still on sale: cancelled by the system and refunded', async () => {
    const cookie = await loginCookie(server.app, 'demo_player');
    const customerId = await playerId('demo_player');
    const before = await playerBalance(pool(), customerId);
    const created = await winningOnSecondIssue(cookie);
    const placed = await client(cookie).detail(created.autobetId);
    expect(placed.entries.map((e) => e.status)).toEqual(['BET', 'BET', 'BET', 'PENDING', 'PENDING']);
    // The settlement catches up 10 s later, while issue 3 is still on sale (until 150 s).
    settlementBehind = false;
    clock.advance(10_000);
    await scheduler.tick();
    const stopped = await client(cookie).detail(created.autobetId);
    expect(stopped.status).toBe('STOP');
    expect(stopped.entries[1]!.orderStatus).toBe('WON');
    expect(stopped.entries.map((e) => e.status)).toEqual(['BET', 'BET', 'STOP', 'STOP', 'STOP']);
    expect(stopped.entries[2]).toMatchObject({ orderId: placed.entries[2]!.orderId, orderStatus: 'SYSTEM_CANCELED', note: '中奖后停止追号，该期投注已撤单，投注金额已退回' });
    expect(stopped.entries.slice(3).every((e) => e.orderId === null && e.note === '中奖后停止追号')).toBe(true);
    const refund = await pool().query<{ type: string }>('SELECT type FROM ledger_transfers WHERE idempotency_key = $1', [`refund:${placed.entries[2]!.orderId}`]);
    expect(refund.rows).toEqual([{ type: 'REF' }]);
    await runMinutes(4);
    expect((await ordersOf(created.autobetId)).length).toBe(3);
    await expectWalletAgrees(customerId, before, [stopped]);
  });

  it('an entry whose sales closed before the win was settled stands and settles', async () => {
    const cookie = await loginCookie(server.app, 'demo_player');
    const customerId = await playerId('demo_player');
    const before = await playerBalance(pool(), customerId);
    const created = await winningOnSecondIssue(cookie);
    // Still behind when issue 3 closes (150 s); it catches up at 185 s, after issue 3 is drawn.
    clock.advance(30_000);
    await scheduler.tick();
    settlementBehind = false;
    clock.advance(30_000);
    await scheduler.tick();
    const stopped = await client(cookie).detail(created.autobetId);
    expect(stopped.status).toBe('STOP');
    expect(stopped.entries.map((e) => e.status)).toEqual(['BET', 'BET', 'BET', 'STOP', 'STOP']);
    expect(stopped.entries[2]!.orderStatus).toMatch(/^(WON|LOST)$/);
    expect(stopped.entries[2]!.note).toBeNull();
    await runMinutes(3);
    await expectWalletAgrees(customerId, before, [stopped]);
  });
});

describe('a plan whose issues never come', () => {
  // Last in this file: it moves the clock six days on.
  // Guards entries whose issue row is never generated (its game disabled: issues are generated a day ahead,
  // only for enabled games): cancelled once their scheduled close has passed, so the plan finishes.
  it('a plan whose later issues are never generated (game disabled) still ends', async () => {
    const cookie = await loginCookie(server.app, 'demo_player');
    const { create, detail } = client(cookie);
    const bet: RegularBetInput = { methodId: 'QZX3', selection: { rows: [[0], [0], [0]] }, mode: 'LI', multiplier: 1, prizeGroup: 1800 };
    const response = await create({ drawType: 'FC3D', playMode: 'REGULAR', bets: [bet], plan: { kind: 'SAME', issues: 4, multiplier: 1 }, stopOnWin: false });
    expect(response.statusCode, response.body).toBe(200);
    const created = AutobetDetailSchema.parse(response.json());
    await pool().query(`UPDATE own_games SET enabled = false WHERE draw_type = 'FC3D'`);
    for (let h = 0; h < 24 * 6; h++) {
      clock.advance(3_600_000);
      await scheduler.tick();
    }
    const after = await detail(created.autobetId);
    expect(after.entries.filter((e) => e.status === 'PENDING')).toEqual([]);
    expect(after.status).toBe('FINISHED');
    // The last issue was never generated: its entry was cancelled after its scheduled close, never placed.
    const last = after.entries.at(-1)!;
    expect(last).toMatchObject({ status: 'CANCEL', orderId: null, note: '未能在截止前投注' });
    expect((await pool().query(`SELECT 1 FROM draw_issues WHERE draw_type = 'FC3D' AND issue_number = $1`, [last.issueNumber])).rowCount).toBe(0);
  }, 120_000);
});

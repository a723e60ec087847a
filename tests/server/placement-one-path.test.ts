// The one placement path (src/server/orders/place.ts → place-batch.ts → place_orders in
// drizzle/0042_one_placement_path.sql): plain orders, instant draws and players with protection limits
// placed in the same batch, each with its own outcome; loss limits and pending raises checked inside
// the statement; many connections racing one balance never take it below zero and place each order once.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/server/db/pool.ts';
import { placeOrder } from '../../src/server/orders/place.ts';
import { showSeed } from '../../src/server/orders/instant.ts';
import { playerAccountId, postTransfer, reconcile, systemAccountId } from '../../src/server/wallet/ledger.ts';
import { yuan } from '../../src/shared/money.ts';
import type { PlaceOrder } from '../../src/shared/api/orders.ts';
import { beijing, ManualClock } from '../support/clock.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { schedulerFor } from '../support/orders.ts';
import { createCustomer } from './accounts-support.ts';

let server: TestServer;
const clock = new ManualClock(beijing('2026-11-22 09:00:10'));
const ISSUE = '202611220541'; // UUFFC, on sale 09:00:00–09:00:30
const now = () => clock.now();

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.clock = clock;
  await server.db.database.pool.query(`UPDATE own_games SET enabled = draw_type IN ('UUFFC', 'MKSSC')`);
  await schedulerFor(server, clock).tick();
});
afterAll(() => server.close());

const pool = () => server.db.database.pool;
let counter = 0;
async function player(funds = yuan(100)): Promise<{ customerId: number; prizeGroup: number }> {
  const username = `onepath_${String(counter++).padStart(3, '0')}`;
  const customerId = await createCustomer(server, { username, password: 'abc12345' });
  await withTransaction(pool(), async (client) => {
    const wallet = await playerAccountId(client, customerId);
    const external = await systemAccountId(client, 'external:deposits', 'EXTERNAL');
    await postTransfer(client, {
      idempotencyKey: `test:fund:${randomUUID()}`,
      type: 'DEP',
      legs: [
        { accountId: external, amount: -funds },
        { accountId: wallet, amount: funds },
      ],
    });
  });
  const group = await pool().query('SELECT prize_group FROM customers WHERE id = $1', [customerId]);
  return { customerId, prizeGroup: group.rows[0].prize_group };
}

const periodic = (stakeYuan = 2): PlaceOrder =>
  ({
    drawType: 'UUFFC',
    playMode: 'REGULAR',
    issueNumber: ISSUE,
    clientKey: randomUUID(),
    bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: stakeYuan / 2 }],
  }) as PlaceOrder;
const instant = (): PlaceOrder =>
  ({
    drawType: 'MKSSC',
    playMode: 'REGULAR',
    clientKey: randomUUID(),
    bets: [{ methodId: 'ZX5', selection: { rows: [[0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4]] }, mode: 'LI', multiplier: 1 }],
  }) as PlaceOrder;
const walletOf = async (customerId: number) =>
  Number((await pool().query(`SELECT balance FROM ledger_accounts WHERE customer_id = $1 AND kind = 'PLAYER_MAIN'`, [customerId])).rows[0].balance);
const ordersOf = async (customerId: number) => Number((await pool().query('SELECT count(*) FROM orders WHERE customer_id = $1', [customerId])).rows[0].count);
const lossLimit = (customerId: number, amount: number, pending?: { amount: number | null; dueAt: Date }) =>
  pool().query(
    `INSERT INTO protection_limits (customer_id, kind, period, amount, pending_amount, pending_effective_at) VALUES ($1, 'LOSS', 'DAILY', $2, $3, $4)`,
    [customerId, amount, pending?.amount ?? null, pending?.dueAt ?? null],
  );
const outcome = (settled: PromiseSettledResult<unknown>) =>
  settled.status === 'fulfilled' ? 'placed' : ((settled.reason as { message?: string }).message ?? String(settled.reason));

describe('one placement path', () => {
  it('places plain orders, an instant draw and protection-limited players in one batch, each with its own outcome', async () => {
    const plain = await player();
    const lucky = await player();
    const limited = await player();
    const overLimit = await player();
    await showSeed(pool(), lucky.customerId);
    await lossLimit(limited.customerId, yuan(10));
    await lossLimit(overLimit.customerId, yuan(1));
    const results = await Promise.allSettled([
      placeOrder(pool(), plain, periodic(), now()),
      placeOrder(pool(), lucky, instant(), now()),
      placeOrder(pool(), limited, periodic(), now()),
      placeOrder(pool(), overLimit, periodic(), now()),
      placeOrder(pool(), plain, periodic(), now()),
    ]);
    expect(results.map(outcome)).toEqual(['placed', 'placed', 'placed', '已达到每日亏损限额（¥1.00），本期还可投注 ¥1.00', 'placed']);
    const drawn = (results[1] as PromiseFulfilledResult<Awaited<ReturnType<typeof placeOrder>>>).value;
    expect(['WON', 'LOST']).toContain(drawn.order.status);
    expect(drawn.order.result).toHaveLength(5);
    expect(drawn.order.fairness).not.toBeNull();
    expect(drawn.balance).toBe(yuan(100) - drawn.order.totalStake + drawn.order.payout + drawn.order.rebate);
    expect(await walletOf(lucky.customerId)).toBe(drawn.balance);
    expect(await ordersOf(overLimit.customerId)).toBe(0);
    expect(await walletOf(overLimit.customerId)).toBe(yuan(100));
    expect(await ordersOf(plain.customerId)).toBe(2);
    expect((await reconcile(pool())).ok).toBe(true);
  });

  it('applies a pending raise that fell due inside the statement, and counts today’s losses', async () => {
    const raised = await player();
    await lossLimit(raised.customerId, yuan(1), { amount: yuan(5), dueAt: new Date(now() - 1000) });
    await placeOrder(pool(), raised, periodic(2), now());
    const audit = await pool().query(`SELECT action, detail FROM protection_audit WHERE customer_id = $1`, [raised.customerId]);
    expect(audit.rows).toEqual([{ action: 'LIMIT_RAISE_APPLIED', detail: 'LOSS DAILY → ¥5.00' }]);
    await placeOrder(pool(), raised, periodic(2), now());
    await expect(placeOrder(pool(), raised, periodic(2), now())).rejects.toMatchObject({
      statusCode: 403,
      message: '已达到每日亏损限额（¥5.00），本期还可投注 ¥1.00',
    });
  });

  it('refuses an instant bet before the seed was shown and a self-excluded player, writing nothing', async () => {
    const unshown = await player();
    const excluded = await player();
    await pool().query(`INSERT INTO protection_settings (customer_id, self_excluded_until) VALUES ($1, '2026-12-01T04:00:00Z')`, [excluded.customerId]);
    const results = await Promise.allSettled([placeOrder(pool(), unshown, instant(), now()), placeOrder(pool(), excluded, periodic(), now())]);
    expect(results.map(outcome)).toEqual(['投注前须先公布本轮服务器种子哈希，请刷新页面查看后再投注', '您已申请自我排除，2026-12-01 12:00（北京时间）前不能投注或充值']);
    expect(await ordersOf(unshown.customerId)).toBe(0);
    expect(await ordersOf(excluded.customerId)).toBe(0);
  });

  it('many connections racing one balance: never below zero, each order placed once', async () => {
    const racer = await player(yuan(21));
    // Several pools: several lanes and batches in flight at once against the same wallet.
    const pools = Array.from({ length: 4 }, () => new pg.Pool({ connectionString: server.db.url, max: 4 }));
    try {
      const orders = Array.from({ length: 40 }, () => periodic(2));
      const results = await Promise.allSettled(orders.map((order, i) => placeOrder(pools[i % pools.length]!, racer, order, now())));
      const placed = results.filter((r) => r.status === 'fulfilled').length;
      expect(placed).toBe(10);
      expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.message === '余额不足')).toBe(true);
      expect(await walletOf(racer.customerId)).toBe(yuan(1));
      // Sent again (a retry of every request): the placed ones come back as themselves, nothing new.
      const again = await Promise.allSettled(orders.map((order, i) => placeOrder(pools[(i + 1) % pools.length]!, racer, order, now())));
      expect(again.filter((r) => r.status === 'fulfilled' && r.value.replayed).length).toBe(10);
      const stored = await pool().query(
        `SELECT count(*)::int AS orders, count(DISTINCT client_key)::int AS keys,
                (SELECT count(*)::int FROM ledger_transfers t WHERE t.type = 'BET' AND t.reference IN (SELECT 'order:' || id FROM orders WHERE customer_id = $1)) AS debits
           FROM orders WHERE customer_id = $1`,
        [racer.customerId],
      );
      expect(stored.rows[0]).toEqual({ orders: 10, keys: 10, debits: 10 });
      expect((await reconcile(pool())).ok).toBe(true);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });
});

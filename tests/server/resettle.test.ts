// Re-settlement of a corrected official result: winners become losers and losers winners with exact
// amounts, as new append-only transfers; a player who spent the winnings ends at zero with the
// remainder recorded; running it again changes nothing; a correction confirmed while the issue is
// being settled does not leave mixed results.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyManualResult } from '../../src/server/draws/manual-results.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import type { EventHub } from '../../src/server/events/hub.ts';
import { ordersLifecycle, settleIssue } from '../../src/server/orders/lifecycle.ts';
import { ordersResettler, resettleCorrection, UNCOLLECTED_ACCOUNT } from '../../src/server/orders/resettle.ts';
import { playerAccountId, postTransfer, reconcile, systemAccountId } from '../../src/server/wallet/ledger.ts';
import { payout } from '../../src/shared/lottery/index.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { balanceOf, drawnIssue, fundedPlayer, ORDER_WIN_PAID_SQL, orderRow, pendingOrder, walletMoves } from './settlement-support.ts';

let db: TestDatabase;
const pool = () => db.database.pool;
const NOW = Date.parse('2026-11-22T02:01:00Z');
const A = [1, 2, 3, 4, 5];
const B = [6, 7, 8, 9, 0];
const digits = (result: number[]) => ({ rows: result.map((d) => [d]) });

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

let approvals = 0;

/** A manual correction as its approval applies it, then re-settled as after that commit. */
async function correct(issueId: number, result: number[]): Promise<number> {
  const { correctionId } = await withTransaction(pool(), async (client) => {
    const found = await client.query<{ draw_type: string; issue_number: string; result: number[] }>(
      'SELECT draw_type, issue_number, result FROM draw_issues WHERE id = $1',
      [issueId],
    );
    const issue = found.rows[0]!;
    return applyManualResult(client, {
      drawType: issue.draw_type, issueNumber: issue.issue_number, result, replaces: issue.result,
      enteredBy: 'op1', confirmedBy: 'op2', approvalId: ++approvals, now: NOW,
    });
  });
  await ordersResettler().resettle(pool(), correctionId!);
  return correctionId!;
}

const transferCount = async () => Number((await pool().query('SELECT count(*) FROM ledger_transfers')).rows[0].count);

describe('re-settlement of a corrected result', () => {
  const winLi = payout('CQSSC', 'ZX5', [1], { prizeGroup: 1950, mode: 'LI', multiplier: 1 }).amount;
  const winJiao1900 = payout('CQSSC', 'ZX5', [1], { prizeGroup: 1900, mode: 'JIAO', multiplier: 1 }).amount;
  let issue: { id: number; issueNumber: string };
  let loser: number, winner: number, spender: number, steady: number;
  let loserOrder: number, winnerOrder: number, spenderOrder: number, steadyOrder: number;
  let correctionId: number;

  it('settles first with the original result', async () => {
    expect(winLi).toBe(1_950_000); // 195 元
    expect(winJiao1900).toBe(190_000_000); // 19,000 元
    issue = await drawnIssue(pool(), 'CQSSC', A);
    const funded = await Promise.all([100_000, 100_000, 10_000, 100_000].map((f) => fundedPlayer(pool(), f)));
    [loser, winner, spender, steady] = [funded[0]!, funded[1]!, funded[2]!, funded[3]!];
    // Wins on A, loses on B.
    loserOrder = await pendingOrder(pool(), issue, loser, 'CQSSC', { playMode: 'REGULAR', bets: [{ methodId: 'ZX5', selection: digits(A), mode: 'LI', multiplier: 1, prizeGroup: 1950 }] });
    // Loses on A, wins on B; placed below the player's group, so it carries a rebate either way.
    winnerOrder = await pendingOrder(pool(), issue, winner, 'CQSSC', { playMode: 'REGULAR', bets: [{ methodId: 'ZX5', selection: digits(B), mode: 'JIAO', multiplier: 1, prizeGroup: 1900 }] });
    spenderOrder = await pendingOrder(pool(), issue, spender, 'CQSSC', { playMode: 'REGULAR', bets: [{ methodId: 'ZX5', selection: digits(A), mode: 'LI', multiplier: 1, prizeGroup: 1950 }] });
    // Wins one 注 whichever of the two results: unchanged by the correction.
    steadyOrder = await pendingOrder(pool(), issue, steady, 'CQSSC', {
      playMode: 'REGULAR',
      bets: [{ methodId: 'ZX5', selection: { rows: A.map((d, i) => [d, B[i]!]) }, mode: 'LI', multiplier: 1, prizeGroup: 1950 }],
    });
    expect(await settleIssue(pool(), issue.id, NOW)).toBe(true);
    expect(await orderRow(pool(), loserOrder)).toEqual({ status: 'WON', payout: winLi, rebate: 0 });
    expect(await orderRow(pool(), winnerOrder)).toEqual({ status: 'LOST', payout: 0, rebate: 50 });
    expect(await orderRow(pool(), spenderOrder)).toEqual({ status: 'WON', payout: winLi, rebate: 0 });
    expect(await orderRow(pool(), steadyOrder)).toEqual({ status: 'WON', payout: winLi, rebate: 0 });
    // The spender withdraws nearly all of it.
    await withTransaction(pool(), async (client) =>
      postTransfer(client, {
        idempotencyKey: `spend:${spender}`,
        type: 'WIT',
        legs: [
          { accountId: await playerAccountId(client, spender), amount: -winLi },
          { accountId: await systemAccountId(client, 'external:test-withdrawals', 'EXTERNAL'), amount: winLi },
        ],
      }),
    );
    expect(await balanceOf(pool(), spender)).toBe(10_000 - 20);
  });

  it('turns winners into losers and losers into winners, with exact amounts, as new transfers', async () => {
    const before = {
      loser: await balanceOf(pool(), loser),
      winner: await balanceOf(pool(), winner),
      steady: await balanceOf(pool(), steady),
    };
    const entriesBefore = Number((await pool().query('SELECT count(*) FROM ledger_entries')).rows[0].count);
    const oldWin = (await pool().query('SELECT e.amount FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id WHERE t.idempotency_key = $1 ORDER BY e.id', [`win:${issue.id}:${loser}`])).rows;

    correctionId = await correct(issue.id, B);

    expect(await orderRow(pool(), loserOrder)).toEqual({ status: 'LOST', payout: 0, rebate: 0 });
    expect(await orderRow(pool(), winnerOrder)).toEqual({ status: 'WON', payout: winJiao1900, rebate: 50 });
    expect(await orderRow(pool(), spenderOrder)).toEqual({ status: 'LOST', payout: 0, rebate: 0 });
    expect(await orderRow(pool(), steadyOrder)).toEqual({ status: 'WON', payout: winLi, rebate: 0 });
    expect(await balanceOf(pool(), loser)).toBe(before.loser - winLi);
    expect(await balanceOf(pool(), winner)).toBe(before.winner + winJiao1900);
    expect(await balanceOf(pool(), steady)).toBe(before.steady);
    // The player who spent the winnings pays what is left and ends at zero; the rest is recorded.
    expect(await balanceOf(pool(), spender)).toBe(0);
    const uncollected = winLi - (10_000 - 20);
    const records = await pool().query(
      `SELECT order_id, previous_status, status, previous_payout, payout, amount, collected, uncollected, transfer_id IS NOT NULL AS moved
         FROM order_resettlements WHERE correction_id = $1 ORDER BY order_id`,
      [correctionId],
    );
    expect(records.rows).toEqual(
      [
        { order_id: loserOrder, previous_status: 'WON', status: 'LOST', previous_payout: winLi, payout: 0, amount: -winLi, collected: winLi, uncollected: 0, moved: true },
        { order_id: winnerOrder, previous_status: 'LOST', status: 'WON', previous_payout: 0, payout: winJiao1900, amount: winJiao1900, collected: 0, uncollected: 0, moved: true },
        { order_id: spenderOrder, previous_status: 'WON', status: 'LOST', previous_payout: winLi, payout: 0, amount: -winLi, collected: 10_000 - 20, uncollected, moved: true },
      ].sort((a, b) => a.order_id - b.order_id),
    );
    const summary = await pool().query('SELECT orders_changed, credited, debited, collected, uncollected FROM correction_resettlements WHERE correction_id = $1', [correctionId]);
    expect(summary.rows[0]).toEqual({ orders_changed: 3, credited: winJiao1900, debited: 2 * winLi, collected: winLi + 10_000 - 20, uncollected });
    const receivable = await pool().query<{ balance: number }>('SELECT balance FROM ledger_accounts WHERE code = $1', [UNCOLLECTED_ACCOUNT]);
    expect(receivable.rows[0]!.balance).toBe(-uncollected);
    // The corrected bets read as such.
    const bets = await pool().query('SELECT o.id, b.outcome, b.payout FROM order_bets b JOIN orders o ON o.id = b.order_id WHERE o.id = ANY($1) ORDER BY o.id', [[loserOrder, winnerOrder]]);
    expect(bets.rows).toEqual([
      { id: loserOrder, outcome: 'LOSE', payout: 0 },
      { id: winnerOrder, outcome: 'WIN', payout: winJiao1900 },
    ].sort((a, b) => a.id - b.id));
    // Append-only: the old WIN transfer is untouched, three RES transfers were added with their keys.
    expect((await pool().query('SELECT e.amount FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id WHERE t.idempotency_key = $1 ORDER BY e.id', [`win:${issue.id}:${loser}`])).rows).toEqual(oldWin);
    const keys = await pool().query<{ idempotency_key: string; type: string }>(`SELECT idempotency_key, type FROM ledger_transfers WHERE idempotency_key LIKE 'resettle:%' ORDER BY idempotency_key`);
    expect(keys.rows).toEqual(
      [loserOrder, winnerOrder, spenderOrder].map((o) => ({ idempotency_key: `resettle:${correctionId}:${o}`, type: 'RES' })).sort((a, b) => a.idempotency_key.localeCompare(b.idempotency_key)),
    );
    expect(Number((await pool().query('SELECT count(*) FROM ledger_entries')).rows[0].count)).toBeGreaterThan(entriesBefore);
    expect((await walletMoves(pool(), loser, 'win:%')) + (await walletMoves(pool(), loser, 'resettle:%'))).toBe(0);
    const resettled = await pool().query('SELECT resettled_at IS NOT NULL AS done FROM result_corrections WHERE id = $1', [correctionId]);
    expect(resettled.rows[0]).toEqual({ done: true });
    expect(await reconcile(pool())).toMatchObject({ ok: true });
  });

  it('changes nothing when the same correction is re-settled again, even from scratch', async () => {
    const snapshot = async () => ({
      transfers: await transferCount(),
      balances: await Promise.all([loser, winner, spender, steady].map((c) => balanceOf(pool(), c))),
      orders: await Promise.all([loserOrder, winnerOrder, spenderOrder, steadyOrder].map((o) => orderRow(pool(), o))),
    });
    const before = await snapshot();
    await ordersResettler().resettle(pool(), correctionId);
    expect(await snapshot()).toEqual(before);
    // As if interrupted after its last batch: it runs again, finds nothing to change, records the same totals.
    await pool().query('DELETE FROM correction_resettlements WHERE correction_id = $1', [correctionId]);
    await pool().query('UPDATE result_corrections SET resettled_at = NULL WHERE id = $1', [correctionId]);
    const summary = await resettleCorrection(pool(), correctionId);
    expect(summary).toMatchObject({ ordersChanged: 3, credited: winJiao1900, debited: 2 * winLi });
    expect(await snapshot()).toEqual(before);
    expect(await reconcile(pool())).toMatchObject({ ok: true });
  });

  it('a second correction back to the first result pays the first winners again, under its own keys', async () => {
    const loserBefore = await balanceOf(pool(), loser);
    const winnerBefore = await balanceOf(pool(), winner);
    const second = await correct(issue.id, A);
    expect(await orderRow(pool(), loserOrder)).toEqual({ status: 'WON', payout: winLi, rebate: 0 });
    expect(await orderRow(pool(), winnerOrder)).toEqual({ status: 'LOST', payout: 0, rebate: 50 });
    expect(await balanceOf(pool(), loser)).toBe(loserBefore + winLi);
    expect(await balanceOf(pool(), winner)).toBe(winnerBefore - winJiao1900);
    const keys = await pool().query(`SELECT count(*)::int AS n FROM ledger_transfers WHERE idempotency_key LIKE $1`, [`resettle:${second}:%`]);
    expect(keys.rows[0].n).toBe(3);
    expect(await reconcile(pool())).toMatchObject({ ok: true });
  });
});

describe('a correction confirmed while the issue is being settled', () => {
  it('waits for the settlement, then re-settles every order: no mixed results', async () => {
    const issue = await drawnIssue(pool(), 'CQSSC', A);
    const players = await Promise.all(Array.from({ length: 6 }, () => fundedPlayer(pool(), 1_000_000)));
    const orders: { id: number; customer: number; on: 'A' | 'B' }[] = [];
    for (let i = 0; i < 60; i++) {
      const on = i % 2 === 0 ? 'A' : 'B';
      const customer = players[i % players.length]!;
      const id = await pendingOrder(pool(), issue, customer, 'CQSSC', {
        playMode: 'REGULAR',
        bets: [{ methodId: 'ZX5', selection: digits(on === 'A' ? A : B), mode: 'LI', multiplier: 1, prizeGroup: 1950 }],
      });
      orders.push({ id, customer, on });
    }
    // A hub that holds settlement after its first batch has committed, until the correction is in.
    let firstBatch!: () => void;
    const firstBatchDone = new Promise<void>((resolve) => (firstBatch = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const hub = { publish: async () => { firstBatch(); await gate; } } as unknown as EventHub;
    const settling = settleIssue(pool(), issue.id, NOW, { batchSize: 10, concurrency: 1, events: hub });
    await firstBatchDone;
    const midway = await pool().query<{ settled: number; pending: number }>(
      `SELECT count(*) FILTER (WHERE status <> 'PENDING')::int AS settled, count(*) FILTER (WHERE status = 'PENDING')::int AS pending FROM order_outcomes WHERE issue_id = $1`,
      [issue.id],
    );
    expect(midway.rows[0]!.settled).toBeGreaterThan(0);
    expect(midway.rows[0]!.pending).toBeGreaterThan(0);
    const correcting = correct(issue.id, B);
    // The correction's own transaction commits; its re-settlement waits for the settlement lock.
    for (let i = 0; i < 100 && (await pool().query('SELECT 1 FROM result_corrections WHERE issue_id = $1', [issue.id])).rowCount === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    open();
    expect(await settling).toBe(true);
    await correcting;
    const rows = await pool().query<{ id: number; status: string; payout: number }>('SELECT id, status, payout FROM order_outcomes WHERE issue_id = $1', [issue.id]);
    const byId = new Map(rows.rows.map((r) => [r.id, r]));
    for (const order of orders) {
      const row = byId.get(order.id)!;
      expect(row, `order ${order.id}`).toMatchObject(order.on === 'B' ? { status: 'WON', payout: winOf() } : { status: 'LOST', payout: 0 });
      const paid = (await winPaid(order.id)) + (await walletMoves(pool(), order.customer, `resettle:%:${order.id}`));
      expect(paid, `order ${order.id}`).toBe(row.payout);
    }
    expect(await reconcile(pool())).toMatchObject({ ok: true });
  }, 120_000);
});

const winPaid = async (orderId: number) =>
  Number((await pool().query<{ paid: string }>(`SELECT ${ORDER_WIN_PAID_SQL} AS paid FROM orders o WHERE o.id = $1`, [orderId])).rows[0]!.paid);

const winOf = () => payout('CQSSC', 'ZX5', [1], { prizeGroup: 1950, mode: 'LI', multiplier: 1 }).amount;

describe('a correction whose re-settlement never ran', () => {
  it('is resumed by the scheduler’s settlement tick', async () => {
    const issue = await drawnIssue(pool(), 'CQSSC', A);
    const player = await fundedPlayer(pool(), 100_000);
    const order = await pendingOrder(pool(), issue, player, 'CQSSC', { playMode: 'REGULAR', bets: [{ methodId: 'ZX5', selection: digits(A), mode: 'LI', multiplier: 1, prizeGroup: 1950 }] });
    expect(await settleIssue(pool(), issue.id, NOW)).toBe(true);
    const paid = await balanceOf(pool(), player);
    // What a correction's approval commits before it re-settles; the process stops right there.
    const correction = await withTransaction(pool(), async (client) => {
      const inserted = await client.query<{ id: number }>(
        `INSERT INTO result_corrections (issue_id, previous_result, corrected_result, source) VALUES ($1, $2, $3, 'manual') RETURNING id`,
        [issue.id, A, B],
      );
      await client.query('UPDATE draw_issues SET result = $2 WHERE id = $1', [issue.id, B]);
      return inserted.rows[0]!.id;
    });
    await ordersLifecycle().settleDrawn(pool(), [], NOW);
    expect(await orderRow(pool(), order)).toEqual({ status: 'LOST', payout: 0, rebate: 0 });
    expect(await balanceOf(pool(), player)).toBe(paid - winOf());
    const done = await pool().query('SELECT resettled_at IS NOT NULL AS done FROM result_corrections WHERE id = $1', [correction]);
    expect(done.rows[0]).toEqual({ done: true });
    expect(await reconcile(pool())).toMatchObject({ ok: true });
  });
});

describe('a correction confirmed after a settlement stopped before paying', () => {
  it('waits until the settlement has paid, then re-settles: the player ends exactly at the corrected outcome', async () => {
    const issue = await drawnIssue(pool(), 'CQSSC', A);
    const funds = 100_000;
    const player = await fundedPlayer(pool(), funds);
    const order = await pendingOrder(pool(), issue, player, 'CQSSC', { playMode: 'REGULAR', bets: [{ methodId: 'ZX5', selection: digits(A), mode: 'LI', multiplier: 1, prizeGroup: 1950 }] });
    const staked = await balanceOf(pool(), player);
    // The settlement writes the winner, then stops before its per-issue credits (their insert fails here).
    await pool().query(`CREATE FUNCTION resettle_test_crash() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'crash'; END $$`);
    await pool().query(`CREATE TRIGGER resettle_test_crash BEFORE INSERT ON issue_credits FOR EACH ROW EXECUTE FUNCTION resettle_test_crash()`);
    try {
      await expect(settleIssue(pool(), issue.id, NOW)).rejects.toThrow();
    } finally {
      await pool().query('DROP TRIGGER resettle_test_crash ON issue_credits');
      await pool().query('DROP FUNCTION resettle_test_crash()');
    }
    expect((await orderRow(pool(), order)).status).toBe('WON');
    expect(await balanceOf(pool(), player)).toBe(staked);

    // Corrected to B (the order loses) while the issue is still DRAWN: nothing is re-settled yet.
    const correction = await correct(issue.id, B);
    const pending = await pool().query('SELECT resettled_at IS NULL AS pending FROM result_corrections WHERE id = $1', [correction]);
    expect(pending.rows[0]).toEqual({ pending: true });
    expect(await balanceOf(pool(), player)).toBe(staked);

    // The scheduler's ticks: the settlement finishes (paying what it wrote), then the correction is re-settled.
    await ordersLifecycle().settleDrawn(pool(), [{ id: issue.id } as never], NOW);
    await ordersLifecycle().settleDrawn(pool(), [], NOW);
    expect(await orderRow(pool(), order)).toEqual({ status: 'LOST', payout: 0, rebate: 0 });
    expect(await balanceOf(pool(), player)).toBe(staked);
    const done = await pool().query('SELECT resettled_at IS NOT NULL AS done FROM result_corrections WHERE id = $1', [correction]);
    expect(done.rows[0]).toEqual({ done: true });
    expect(await reconcile(pool())).toMatchObject({ ok: true });
  });
});

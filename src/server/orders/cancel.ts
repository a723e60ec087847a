// Cancelling orders: by the player before sales close (CUSTOMER_CANCELED), by the system when an
// issue is cancelled (SYSTEM_CANCELED). Either way the stake comes back as one REF transfer per
// order, keyed by the order, and the status moves from PENDING once.
import type pg from 'pg';
import { withTransaction } from '../db/pool.ts';
import { errors } from '../http/errors.ts';
import type { NewLiveEvent } from '../events/outbox.ts';
import { playerAccountId, playerBalance, postTransfers, type TransferInput } from '../wallet/ledger.ts';
import { houseAccountFor } from './accounts.ts';

interface CancelRow {
  id: number;
  customer_id: number;
  total_stake: number;
}

async function refund(client: pg.PoolClient, rows: readonly CancelRow[]): Promise<void> {
  const transfers: TransferInput[] = [];
  for (const row of rows) {
    const house = await houseAccountFor(client, row.customer_id);
    const player = await playerAccountId(client, row.customer_id);
    transfers.push({
      idempotencyKey: `refund:${row.id}`,
      type: 'REF',
      reference: `order:${row.id}`,
      legs: [
        { accountId: house, amount: -row.total_stake },
        { accountId: player, amount: row.total_stake },
      ],
    });
  }
  await postTransfers(client, transfers);
}

export async function cancelByCustomer(
  pool: pg.Pool,
  customerId: number,
  orderId: number,
  now: number,
): Promise<{ balance: number; events: NewLiveEvent[] }> {
  return withTransaction(pool, async (client) => {
    const found = await client.query<CancelRow & { status: string; issue_id: number | null }>(
      'SELECT id, customer_id, total_stake, status, issue_id FROM orders WHERE id = $1 AND customer_id = $2 FOR UPDATE',
      [orderId, customerId],
    );
    const order = found.rows[0];
    if (!order) throw errors.notFound('订单不存在');
    if (order.status !== 'PENDING') throw errors.conflict('该订单已结算或已撤单，不能撤单');
    if (order.issue_id === null) throw errors.conflict('秒开订单不能撤单');
    const issue = await client.query<{ state: string; closes_at: Date }>('SELECT state, closes_at FROM draw_issues WHERE id = $1 FOR SHARE', [
      order.issue_id,
    ]);
    const { state, closes_at } = issue.rows[0]!;
    // A plain loser keeps its PENDING row once its issue is SETTLED (settlement by exception).
    if (state === 'SETTLED') throw errors.conflict('该订单已结算或已撤单，不能撤单');
    if (state !== 'OPEN' || closes_at.getTime() <= now) throw errors.conflict('本期已截止投注，不能撤单');
    await client.query(`UPDATE orders SET status = 'CUSTOMER_CANCELED', cancelled_at = to_timestamp($2 / 1000.0) WHERE id = $1`, [orderId, now]);
    await refund(client, [order]);
    const balance = await playerBalance(client, customerId);
    return { balance, events: [{ customerId, type: 'balance', payload: { balance } }] };
  });
}

/**
 * Refunds every pending order of cancelled issues, in batches; when it returns, none is pending.
 * Batches skip rows another transaction holds (another process refunding the same issue), and a
 * short batch proves nothing: only a pass that waits for the held rows and finds none pending ends
 * the loop. Returns the events to publish.
 */
export async function cancelIssueOrders(pool: pg.Pool, issueIds: readonly number[], now: number, batch = 2000): Promise<NewLiveEvent[]> {
  const events: NewLiveEvent[] = [];
  let wait = false;
  for (;;) {
    const done = await withTransaction(pool, async (client) => {
      const rows = await client.query<CancelRow>(
        `UPDATE orders SET status = 'SYSTEM_CANCELED', cancelled_at = to_timestamp($3 / 1000.0)
          WHERE id IN (SELECT id FROM orders WHERE issue_id = ANY($1::bigint[]) AND status = 'PENDING'
                        ORDER BY id LIMIT $2 FOR UPDATE ${wait ? '' : 'SKIP LOCKED'})
            AND status = 'PENDING'
          RETURNING id, customer_id, total_stake`,
        [issueIds, batch, now],
      );
      await refund(client, rows.rows);
      return rows.rows;
    });
    for (const customerId of new Set(done.map((r) => r.customer_id))) {
      events.push({ customerId, type: 'balance', payload: { balance: await playerBalance(pool, customerId) } });
    }
    for (const row of done) {
      events.push({ customerId: row.customer_id, type: 'textPopup', payload: { title: '系统消息', content: `订单 ${row.id} 因该期无法开奖已撤单，投注金额已退回` } });
    }
    if (done.length === 0 && wait) return events;
    // An empty pass that skipped locked rows is followed by one that waits for them.
    wait = done.length === 0;
  }
}

/**
 * Cancels, by the system, the orders among `orderIds` whose issue is still on sale (an autobet that
 * stopped on a win): each becomes SYSTEM_CANCELED and its stake comes back with the same `refund:<order>`
 * transfer as every refund, so no order is ever refunded twice. An order already settled or cancelled,
 * or whose issue has closed, stands. Runs inside the caller's transaction, so the caller can record
 * why in the same commit; the issues are locked FOR SHARE so that sales cannot close meanwhile.
 * Returns the cancelled ids and the events to publish after the commit.
 */
export async function cancelOrdersStillOnSale(
  client: pg.PoolClient,
  orderIds: readonly number[],
  now: number,
): Promise<{ cancelled: number[]; events: NewLiveEvent[] }> {
  if (orderIds.length === 0) return { cancelled: [], events: [] };
  const found = await client.query<CancelRow>(
    `SELECT o.id, o.customer_id, o.total_stake FROM orders o JOIN draw_issues i ON i.id = o.issue_id
      WHERE o.id = ANY($1::bigint[]) AND o.status = 'PENDING' AND i.state = 'OPEN' AND i.closes_at > to_timestamp($2 / 1000.0)
      ORDER BY o.id FOR UPDATE OF o FOR SHARE OF i`,
    [orderIds, now],
  );
  const rows = found.rows;
  if (rows.length === 0) return { cancelled: [], events: [] };
  await client.query(`UPDATE orders SET status = 'SYSTEM_CANCELED', cancelled_at = to_timestamp($2 / 1000.0) WHERE id = ANY($1::bigint[])`, [
    rows.map((r) => r.id),
    now,
  ]);
  await refund(client, rows);
  const events: NewLiveEvent[] = [];
  for (const customerId of new Set(rows.map((r) => r.customer_id))) {
    events.push({ customerId, type: 'balance', payload: { balance: await playerBalance(client, customerId) } });
  }
  return { cancelled: rows.map((r) => r.id), events };
}

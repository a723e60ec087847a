// Runs autobets after every scheduler tick: stops on a win when asked, places each entry's order when
// its issue is on sale, skips entries whose issue passed or was cancelled or whose customer is frozen,
// finishes plans.
// Every step is idempotent: an entry's order has the client key `autobet:<id>:<seq>`, so a crash
// between placing the order and marking the entry repeats nothing, and an order found under that key
// is linked to its entry before the entry could be skipped. Decisions: docs/autobet.md.
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { AUTOBET_KEY_PREFIX, type BoardBetInput, type PlaceOrder, type RegularBetInput } from '../../shared/api/orders.ts';
import type { EventHub } from '../events/hub.ts';
import { AppError } from '../http/errors.ts';
import { cancelOrdersStillOnSale } from '../orders/cancel.ts';
import { placeOrder } from '../orders/place.ts';
import { withTransaction } from '../db/pool.ts';
import type { NewLiveEvent } from '../events/outbox.ts';

/** A frozen customer's entries are skipped, not placed; the plan goes on once the account is unfrozen. */
const FROZEN_ENTRY_NOTE = '账号已被冻结，本期未投注';

interface DueEntry {
  frozen: boolean;
  id: number;
  seq: number;
  autobet_id: number;
  issue_number: string;
  multiplier: number;
  customer_id: number;
  prize_group: number;
  draw_type: string;
  play_mode: 'REGULAR' | 'BOARD';
  bets: unknown;
}

function entryOrder(entry: DueEntry): PlaceOrder {
  const common = { clientKey: `${AUTOBET_KEY_PREFIX}${entry.autobet_id}:${entry.seq}`, drawType: entry.draw_type, issueNumber: entry.issue_number };
  if (entry.play_mode === 'REGULAR') {
    const bets = (entry.bets as RegularBetInput[]).map((b) => ({ ...b, multiplier: b.multiplier * entry.multiplier }));
    return { playMode: 'REGULAR', ...common, bets };
  }
  const bets = (entry.bets as BoardBetInput[]).map((b) => ({ ...b, stake: b.stake * entry.multiplier }));
  return { playMode: 'BOARD', ...common, bets };
}

export class AutobetRunner {
  constructor(
    private readonly pool: pg.Pool,
    private readonly events?: EventHub,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async run(now: number, autobetId?: number): Promise<void> {
    await adoptPlacedOrders(this.pool);
    // Before placing: the next issue opens when the previous one is drawn, so a win settled in the
    // same tick must be seen before the next entry would go in.
    await this.stopOnWin(now);
    await this.placeDue(now, autobetId);
    await this.skipMissed(now);
    await this.finish(now);
  }

  /** Entries whose issue is on sale now. Each is locked while its order is placed. */
  private async placeDue(now: number, autobetId?: number): Promise<void> {
    const due = await this.pool.query<{ id: number }>(
      `SELECT e.id FROM autobet_entries e
         JOIN autobets a ON a.id = e.autobet_id AND a.status = 'ONGOING'
         JOIN draw_issues i ON i.draw_type = a.draw_type AND i.issue_number = e.issue_number
        WHERE e.status = 'PENDING' AND i.state = 'OPEN' AND i.closes_at > to_timestamp($1 / 1000.0)
          AND ($2::bigint IS NULL OR a.id = $2)
        ORDER BY e.id LIMIT 500`,
      [now, autobetId ?? null],
    );
    for (const { id } of due.rows) await this.placeEntry(id, now);
  }

  private async placeEntry(entryId: number, now: number): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // The customer row FOR SHARE: a freeze either waits for this entry's order or is seen here.
      const locked = await client.query<DueEntry>(
        `SELECT e.id, e.seq, e.autobet_id, e.issue_number, e.multiplier, a.customer_id, c.prize_group, a.draw_type, a.play_mode, a.bets,
                c.frozen_at IS NOT NULL AS frozen
           FROM autobet_entries e JOIN autobets a ON a.id = e.autobet_id JOIN customers c ON c.id = a.customer_id
          WHERE e.id = $1 AND e.status = 'PENDING' AND a.status = 'ONGOING' FOR UPDATE OF e SKIP LOCKED FOR SHARE OF c`,
        [entryId],
      );
      const entry = locked.rows[0];
      if (!entry) {
        await client.query('ROLLBACK');
        return;
      }
      let status: 'BET' | 'CANCEL' = 'BET';
      let orderId: number | null = null;
      let note: string | null = null;
      if (entry.frozen) {
        await client.query('UPDATE autobet_entries SET status = $2, note = $3 WHERE id = $1', [entry.id, 'CANCEL', FROZEN_ENTRY_NOTE]);
        await client.query('COMMIT');
        return;
      }
      try {
        const placed = await placeOrder(
          this.pool,
          { customerId: entry.customer_id, prizeGroup: entry.prize_group },
          entryOrder(entry),
          now,
          { autobetId: entry.autobet_id },
        );
        orderId = Number(placed.order.orderId);
        if (this.events && placed.events.length > 0) await this.events.publish(placed.events).catch(() => {});
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        status = 'CANCEL';
        note = error.message;
      }
      await client.query('UPDATE autobet_entries SET status = $2, order_id = $3, note = $4 WHERE id = $1', [entry.id, status, orderId, note]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      this.log?.warn({ err: error, entryId }, 'autobet entry not placed');
    } finally {
      client.release();
    }
  }

  /** Entries whose issue closed (or was cancelled) before they could be placed are skipped. */
  private async skipMissed(now: number): Promise<void> {
    await this.pool.query(
      `UPDATE autobet_entries e SET status = 'CANCEL', note = CASE WHEN i.state = 'CANCELLED' THEN '该期已撤销' ELSE '未能在截止前投注' END
         FROM autobets a, draw_issues i
        WHERE a.id = e.autobet_id AND i.draw_type = a.draw_type AND i.issue_number = e.issue_number
          AND e.status = 'PENDING' AND (i.state NOT IN ('SCHEDULED', 'OPEN') OR i.closes_at <= to_timestamp($1 / 1000.0))`,
      [now],
    );
    // A placed entry whose issue was cancelled was refunded with its order: it counts as skipped.
    await this.pool.query(
      `UPDATE autobet_entries e SET status = 'CANCEL', note = '该期已撤销，投注金额已退回'
         FROM orders o WHERE o.id = e.order_id AND e.status = 'BET' AND o.status = 'SYSTEM_CANCELED'`,
    );
  }

  /**
   * A stop-on-win autobet with a won order stops: its pending entries become STOP, and every later
   * entry already placed on an issue still on sale is cancelled by the system with a full refund (also
   * STOP). An entry whose issue's sales have closed stands and settles as it comes.
   */
  private async stopOnWin(now: number): Promise<void> {
    const won = await this.pool.query<{ id: number }>(
      `SELECT DISTINCT a.id FROM autobets a JOIN autobet_entries e ON e.autobet_id = a.id JOIN orders o ON o.id = e.order_id
        WHERE a.status = 'ONGOING' AND a.stop_on_win AND o.status = 'WON'`,
    );
    for (const { id } of won.rows) {
      try {
        const events = await withTransaction(this.pool, (client) => this.stopWon(client, id, now));
        if (this.events && events.length > 0) await this.events.publish(events).catch(() => {});
      } catch (error) {
        this.log?.warn({ err: error, autobetId: id }, 'autobet not stopped after a win');
      }
    }
  }

  private async stopWon(client: pg.PoolClient, autobetId: number, now: number): Promise<NewLiveEvent[]> {
    const locked = await client.query('SELECT 1 FROM autobets WHERE id = $1 AND status = $2 FOR UPDATE', [autobetId, 'ONGOING']);
    if (locked.rowCount === 0) return [];
    await client.query(`UPDATE autobet_entries SET status = 'STOP', note = '中奖后停止追号' WHERE autobet_id = $1 AND status = 'PENDING'`, [autobetId]);
    const placed = await client.query<{ order_id: number }>(
      `SELECT e.order_id FROM autobet_entries e JOIN order_outcomes o ON o.id = e.order_id
        WHERE e.autobet_id = $1 AND e.status = 'BET' AND o.status = 'PENDING'`,
      [autobetId],
    );
    const { cancelled, events } = await cancelOrdersStillOnSale(client, placed.rows.map((r) => r.order_id), now);
    await client.query(`UPDATE autobet_entries SET status = 'STOP', note = '中奖后停止追号，该期投注已撤单，投注金额已退回' WHERE order_id = ANY($1::bigint[])`, [
      cancelled,
    ]);
    await client.query(`UPDATE autobets SET status = 'STOP', finished_at = to_timestamp($2 / 1000.0) WHERE id = $1`, [autobetId, now]);
    return events;
  }

  private async finish(now: number): Promise<void> {
    await this.pool.query(
      `UPDATE autobets a SET status = 'FINISHED', finished_at = to_timestamp($1 / 1000.0)
        WHERE a.status = 'ONGOING'
          AND NOT EXISTS (SELECT 1 FROM autobet_entries e WHERE e.autobet_id = a.id AND e.status = 'PENDING')
          AND NOT EXISTS (SELECT 1 FROM autobet_entries e JOIN order_outcomes o ON o.id = e.order_id
                           WHERE e.autobet_id = a.id AND o.status = 'PENDING')`,
      [now],
    );
  }
}

/**
 * An entry whose order was committed but which was never marked (the process died in between) gets
 * its order back, found by the entry's client key, whatever has happened to the issue since: before
 * it could be skipped as missed, or stopped.
 */
async function adoptPlacedOrders(db: pg.Pool | pg.PoolClient, autobetId?: number): Promise<void> {
  await db.query(
    `UPDATE autobet_entries e SET status = 'BET', order_id = o.id, note = NULL
       FROM autobets a, orders o
      WHERE a.id = e.autobet_id AND e.status = 'PENDING' AND ($1::bigint IS NULL OR e.autobet_id = $1)
        AND o.customer_id = a.customer_id AND o.client_key = 'autobet:' || e.autobet_id || ':' || e.seq`,
    [autobetId ?? null],
  );
}

/** The player stops the remaining entries; entries already placed stay as they are. */
export async function stopAutobet(pool: pg.Pool, customerId: number, autobetId: number): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const found = await client.query<{ status: string }>('SELECT status FROM autobets WHERE id = $1 AND customer_id = $2 FOR UPDATE', [
      autobetId,
      customerId,
    ]);
    if (!found.rows[0]) {
      await client.query('ROLLBACK');
      return false;
    }
    if (found.rows[0].status === 'ONGOING') {
      await adoptPlacedOrders(client, autobetId);
      await client.query(`UPDATE autobet_entries SET status = 'STOP', note = '玩家停止追号' WHERE autobet_id = $1 AND status = 'PENDING'`, [autobetId]);
      await client.query(`UPDATE autobets SET status = 'USER_CANCELED', finished_at = now() WHERE id = $1`, [autobetId]);
    }
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

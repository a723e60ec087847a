// Runs autobets after every scheduler tick: places each entry's order when its issue is on sale,
// skips entries whose issue passed or was cancelled, stops on a win when asked, finishes plans.
// Every step is idempotent: an entry's order has the client key `autobet:<id>:<seq>`, so a crash
// between placing the order and marking the entry repeats nothing.
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { BoardBetInput, PlaceOrder, RegularBetInput } from '../../shared/api/orders.ts';
import type { EventHub } from '../events/hub.ts';
import { AppError } from '../http/errors.ts';
import { placeOrder } from '../orders/place.ts';

interface DueEntry {
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
  const common = { clientKey: `autobet:${entry.autobet_id}:${entry.seq}`, drawType: entry.draw_type, issueNumber: entry.issue_number };
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
    await this.placeDue(now, autobetId);
    await this.skipMissed(now);
    await this.stopOnWin();
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
      const locked = await client.query<DueEntry>(
        `SELECT e.id, e.seq, e.autobet_id, e.issue_number, e.multiplier, a.customer_id, c.prize_group, a.draw_type, a.play_mode, a.bets
           FROM autobet_entries e JOIN autobets a ON a.id = e.autobet_id JOIN customers c ON c.id = a.customer_id
          WHERE e.id = $1 AND e.status = 'PENDING' AND a.status = 'ONGOING' FOR UPDATE OF e SKIP LOCKED`,
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

  private async stopOnWin(): Promise<void> {
    await this.pool.query(
      `WITH won AS (
         SELECT DISTINCT a.id FROM autobets a JOIN autobet_entries e ON e.autobet_id = a.id JOIN orders o ON o.id = e.order_id
          WHERE a.status = 'ONGOING' AND a.stop_on_win AND o.status = 'WON'),
       stopped AS (
         UPDATE autobet_entries e SET status = 'STOP', note = '中奖后停止追号' FROM won WHERE e.autobet_id = won.id AND e.status = 'PENDING')
       UPDATE autobets a SET status = 'STOP', finished_at = now() FROM won WHERE a.id = won.id`,
    );
  }

  private async finish(now: number): Promise<void> {
    await this.pool.query(
      `UPDATE autobets a SET status = 'FINISHED', finished_at = to_timestamp($1 / 1000.0)
        WHERE a.status = 'ONGOING'
          AND NOT EXISTS (SELECT 1 FROM autobet_entries e WHERE e.autobet_id = a.id AND e.status = 'PENDING')
          AND NOT EXISTS (SELECT 1 FROM autobet_entries e JOIN orders o ON o.id = e.order_id
                           WHERE e.autobet_id = a.id AND o.status = 'PENDING')`,
      [now],
    );
  }
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

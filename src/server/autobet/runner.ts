// Runs autobets after every scheduler tick: stops on a win when asked, places each entry's order when
// its issue is on sale, skips entries whose issue passed, was cancelled or never came, or whose customer
// is frozen, finishes plans.
// No transaction is held open while an order is placed (placement takes a connection of its own from
// the same pool): an entry is claimed in a short committed UPDATE (placing_at, a lease), its order is
// placed with the client key `autobet:<id>:<seq>`, and the result is recorded in a second short
// transaction. The key makes every retry a replay of the same order, and an order found under it is
// linked to its entry before the entry could be skipped or stopped. Decisions: docs/autobet.md.
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { AUTOBET_KEY_PREFIX, type BoardBetInput, type PlaceOrder, type RegularBetInput } from '../../shared/api/orders.ts';
import { issueByNumber } from '../../shared/draws/index.ts';
import type { EventHub } from '../events/hub.ts';
import { AppError } from '../http/errors.ts';
import { cancelOrdersStillOnSale } from '../orders/cancel.ts';
import { placeOrder } from '../orders/place.ts';
import { withTransaction } from '../db/pool.ts';
import type { NewLiveEvent } from '../events/outbox.ts';

/** A frozen customer's entries are skipped, not placed; the plan goes on once the account is unfrozen. */
const FROZEN_ENTRY_NOTE = '账号已被冻结，本期未投注';
const MISSED_NOTE = '未能在截止前投注';
const WON_STOP_NOTE = '中奖后停止追号';
const WON_CANCEL_NOTE = '中奖后停止追号，该期投注已撤单，投注金额已退回';
const PLAYER_STOP_NOTE = '玩家停止追号';

/**
 * How long a runner's claim keeps everyone else off an entry (placing it, skipping it, stopping it).
 * A placement takes milliseconds; a claim older than this belongs to a runner that died (or stalled),
 * and is taken over: placing again replays the same order by its key.
 */
const CLAIM_LEASE = "interval '60 seconds'";
/** SQL, entry `e`: no runner is placing it now (never claimed, or the claim expired). */
const UNCLAIMED = `(e.placing_at IS NULL OR e.placing_at <= now() - ${CLAIM_LEASE})`;
/** SQL, entry `e` of autobet `a`: an order was committed under the entry's client key. */
const HAS_ORDER = `EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = a.customer_id AND o.client_key = '${AUTOBET_KEY_PREFIX}' || e.autobet_id || ':' || e.seq)`;

interface ClaimedEntry {
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

/** What placing an entry's order came to: the order, or the refusal's Chinese message. */
type Placement = { orderId: number } | { refusal: string };

function entryOrder(entry: ClaimedEntry): PlaceOrder {
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
    await this.settleStopped(now);
    await this.placeDue(now, autobetId);
    await this.skipMissed(now);
    await this.finish(now);
  }

  /**
   * A new plan's entries whose issue is on sale now (its first, usually): placed at once rather than at
   * the next tick. Only this plan's: the sweeps of every plan (run) are the scheduler's work, not a request's.
   */
  async placePlan(now: number, autobetId: number): Promise<void> {
    await this.placeDue(now, autobetId);
  }

  private async publish(events: readonly NewLiveEvent[]): Promise<void> {
    if (this.events && events.length > 0) await this.events.publish([...events]).catch(() => {});
  }

  /** Entries whose issue is on sale now and that no runner is placing. */
  private async placeDue(now: number, autobetId?: number): Promise<void> {
    const due = await this.pool.query<{ id: number }>(
      `SELECT e.id FROM autobet_entries e
         JOIN autobets a ON a.id = e.autobet_id AND a.status = 'ONGOING'
         JOIN draw_issues i ON i.draw_type = a.draw_type AND i.issue_number = e.issue_number
        WHERE e.status = 'PENDING' AND ${UNCLAIMED} AND i.state = 'OPEN' AND i.closes_at > to_timestamp($1 / 1000.0)
          AND ($2::bigint IS NULL OR a.id = $2)
        ORDER BY e.id LIMIT 500`,
      [now, autobetId ?? null],
    );
    for (const { id } of due.rows) await this.placeEntry(id, now);
  }

  /**
   * Claim, place, record: three steps, none holding a connection while it waits for another. Two
   * runners (or a retry) cannot both claim a live entry, and if one outlives its claim, the second
   * placement replays the first order by its key: an entry never gets two orders.
   */
  private async placeEntry(entryId: number, now: number): Promise<void> {
    let entry: ClaimedEntry | undefined;
    try {
      entry = await this.claim(entryId);
    } catch (error) {
      this.log?.warn({ err: error, entryId }, 'autobet entry not claimed');
      return;
    }
    if (!entry) return;
    if (entry.frozen) {
      await this.pool
        .query(`UPDATE autobet_entries SET status = 'CANCEL', note = $2, placing_at = NULL WHERE id = $1 AND status = 'PENDING'`, [entry.id, FROZEN_ENTRY_NOTE])
        .catch((error: unknown) => this.log?.warn({ err: error, entryId }, 'autobet entry not skipped'));
      return;
    }
    let placement: Placement;
    try {
      const placed = await placeOrder(this.pool, { customerId: entry.customer_id, prizeGroup: entry.prize_group }, entryOrder(entry), now, {
        autobetId: entry.autobet_id,
      });
      placement = { orderId: Number(placed.order.orderId) };
      await this.publish(placed.events);
    } catch (error) {
      if (!(error instanceof AppError)) {
        // Not a refusal: whether the order went in is unknown. The claim is dropped so that the next run
        // tries again at once, which replays the order if it did.
        this.log?.warn({ err: error, entryId }, 'autobet entry not placed');
        await this.pool.query(`UPDATE autobet_entries SET placing_at = NULL WHERE id = $1 AND status = 'PENDING'`, [entry.id]).catch(() => {});
        return;
      }
      placement = { refusal: error.message };
    }
    try {
      await this.publish(await withTransaction(this.pool, (client) => this.record(client, entry, placement, now)));
    } catch (error) {
      // The claim expires and the order, if any, is adopted by its key.
      this.log?.warn({ err: error, entryId }, 'autobet entry placed but not recorded');
    }
  }

  /**
   * Claims a pending entry of an ongoing plan that no runner is placing, in one committed statement.
   * The plan row is taken FOR SHARE: a stop in progress (FOR UPDATE) is waited for and then seen, so no
   * entry is claimed once its plan has stopped. The customer row FOR SHARE: a freeze in progress is
   * waited for and seen here.
   */
  private async claim(entryId: number): Promise<ClaimedEntry | undefined> {
    const claimed = await this.pool.query<ClaimedEntry>(
      `WITH plan AS (
         SELECT a.id, a.customer_id, a.draw_type, a.play_mode, a.bets FROM autobets a
          WHERE a.id = (SELECT autobet_id FROM autobet_entries WHERE id = $1) AND a.status = 'ONGOING' FOR SHARE),
       bettor AS (
         SELECT c.prize_group, c.frozen_at IS NOT NULL AS frozen FROM customers c WHERE c.id = (SELECT customer_id FROM plan) FOR SHARE)
       UPDATE autobet_entries e SET placing_at = clock_timestamp()
         FROM plan p, bettor c
        WHERE e.id = $1 AND e.autobet_id = p.id AND e.status = 'PENDING' AND ${UNCLAIMED}
       RETURNING e.id, e.seq, e.autobet_id, e.issue_number, e.multiplier, p.customer_id, c.prize_group, p.draw_type, p.play_mode, p.bets, c.frozen`,
      [entryId],
    );
    return claimed.rows[0];
  }

  /**
   * Records what placing a claimed entry came to, the plan row locked (FOR SHARE) so that a stop is
   * either wholly before or wholly after. A stop leaves a claimed entry to its runner, so a plan may
   * have stopped meanwhile: after a win, the order is cancelled if its issue is still on sale, like
   * every entry placed before the win was seen. An order is the entry's whatever was decided meanwhile
   * (a claim that outlived its lease may find its entry skipped or stopped by another runner): the
   * entry shows it. A refusal only cancels an entry still pending.
   */
  private async record(client: pg.PoolClient, entry: ClaimedEntry, placement: Placement, now: number): Promise<NewLiveEvent[]> {
    const plan = await client.query<{ status: string }>('SELECT status FROM autobets WHERE id = $1 FOR SHARE', [entry.autobet_id]);
    if ('refusal' in placement) {
      await client.query(`UPDATE autobet_entries SET status = 'CANCEL', note = $2, placing_at = NULL WHERE id = $1 AND status = 'PENDING'`, [
        entry.id,
        placement.refusal,
      ]);
      return [];
    }
    await client.query(`UPDATE autobet_entries SET status = 'BET', order_id = $2, note = NULL, placing_at = NULL WHERE id = $1 AND order_id IS NULL`, [
      entry.id,
      placement.orderId,
    ]);
    if (plan.rows[0]?.status !== 'STOP') return [];
    return cancelAfterWin(client, [placement.orderId], now);
  }

  /**
   * Entries whose issue closed or was cancelled before they could be placed are skipped, and so are
   * entries whose issue never came (its game was disabled: issues are generated a day ahead, and only
   * for enabled games) once its scheduled close has passed. Never an entry a runner is placing, nor one
   * with an order under its key (adopted at the next run instead).
   */
  private async skipMissed(now: number): Promise<void> {
    await this.pool.query(
      `UPDATE autobet_entries e SET status = 'CANCEL', note = CASE WHEN i.state = 'CANCELLED' THEN '该期已撤销' ELSE '${MISSED_NOTE}' END, placing_at = NULL
         FROM autobets a, draw_issues i
        WHERE a.id = e.autobet_id AND a.status = 'ONGOING' AND i.draw_type = a.draw_type AND i.issue_number = e.issue_number
          AND e.status = 'PENDING' AND ${UNCLAIMED} AND (i.state NOT IN ('SCHEDULED', 'OPEN') OR i.closes_at <= to_timestamp($1 / 1000.0))
          AND NOT ${HAS_ORDER}`,
      [now],
    );
    await this.fillScheduledCloses();
    await this.pool.query(
      `UPDATE autobet_entries e SET status = 'CANCEL', note = '${MISSED_NOTE}', placing_at = NULL
         FROM autobets a
        WHERE a.id = e.autobet_id AND a.status = 'ONGOING' AND e.status = 'PENDING' AND ${UNCLAIMED} AND e.closes_at <= to_timestamp($1 / 1000.0)
          AND NOT EXISTS (SELECT 1 FROM draw_issues i WHERE i.draw_type = a.draw_type AND i.issue_number = e.issue_number)
          AND NOT ${HAS_ORDER}`,
      [now],
    );
    // A placed entry whose issue was cancelled was refunded with its order: it counts as skipped.
    await this.pool.query(
      `UPDATE autobet_entries e SET status = 'CANCEL', note = '该期已撤销，投注金额已退回'
         FROM orders o WHERE o.id = e.order_id AND e.status = 'BET' AND o.status = 'SYSTEM_CANCELED'`,
    );
  }

  /**
   * Entries created before their scheduled close was stored (migration 0048) and whose issue row does
   * not exist get it from the schedule; an issue number the schedule does not know can never be
   * placed, and is given a close long past.
   */
  private async fillScheduledCloses(): Promise<void> {
    const unknown = await this.pool.query<{ id: number; draw_type: string; issue_number: string }>(
      `SELECT e.id, a.draw_type, e.issue_number FROM autobet_entries e JOIN autobets a ON a.id = e.autobet_id
        WHERE e.status = 'PENDING' AND e.closes_at IS NULL AND a.status = 'ONGOING'
          AND NOT EXISTS (SELECT 1 FROM draw_issues i WHERE i.draw_type = a.draw_type AND i.issue_number = e.issue_number)
        LIMIT 1000`,
    );
    if (unknown.rows.length === 0) return;
    const closes = unknown.rows.map((row) => {
      try {
        return issueByNumber(row.draw_type, row.issue_number)?.closesAt ?? 0;
      } catch {
        return 0;
      }
    });
    await this.pool.query(
      `UPDATE autobet_entries e SET closes_at = to_timestamp(x.c / 1000.0)
         FROM unnest($1::bigint[], $2::float8[]) AS x(id, c) WHERE e.id = x.id AND e.closes_at IS NULL`,
      [unknown.rows.map((r) => r.id), closes],
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
        await this.publish(await withTransaction(this.pool, (client) => this.stopWon(client, id, now)));
      } catch (error) {
        this.log?.warn({ err: error, autobetId: id }, 'autobet not stopped after a win');
      }
    }
  }

  private async stopWon(client: pg.PoolClient, autobetId: number, now: number): Promise<NewLiveEvent[]> {
    const locked = await client.query('SELECT 1 FROM autobets WHERE id = $1 AND status = $2 FOR UPDATE', [autobetId, 'ONGOING']);
    if (locked.rowCount === 0) return [];
    await stopEntries(client, autobetId, WON_STOP_NOTE);
    const events = await cancelPlacedAfterWin(client, autobetId, now);
    await client.query(`UPDATE autobets SET status = 'STOP', finished_at = to_timestamp($2 / 1000.0) WHERE id = $1`, [autobetId, now]);
    return events;
  }

  /**
   * A stopped plan whose stop left an entry to a runner placing it, and that runner died before
   * recording it (its claim expired): the entry is stopped now, after adopting its order if it has one
   * (and, after a win, cancelling that order while its issue is on sale).
   */
  private async settleStopped(now: number): Promise<void> {
    const stopped = await this.pool.query<{ id: number }>(
      `SELECT DISTINCT a.id FROM autobets a JOIN autobet_entries e ON e.autobet_id = a.id
        WHERE a.status IN ('STOP', 'USER_CANCELED') AND e.status = 'PENDING' AND ${UNCLAIMED}`,
    );
    for (const { id } of stopped.rows) {
      try {
        const events = await withTransaction(this.pool, async (client) => {
          const locked = await client.query<{ status: 'STOP' | 'USER_CANCELED' }>(
            `SELECT status FROM autobets WHERE id = $1 AND status IN ('STOP', 'USER_CANCELED') FOR UPDATE`,
            [id],
          );
          if (!locked.rows[0]) return [];
          if (locked.rows[0].status === 'USER_CANCELED') {
            await stopEntries(client, id, PLAYER_STOP_NOTE);
            return [];
          }
          await stopEntries(client, id, WON_STOP_NOTE);
          return cancelPlacedAfterWin(client, id, now);
        });
        await this.publish(events);
      } catch (error) {
        this.log?.warn({ err: error, autobetId: id }, 'stopped autobet not settled');
      }
    }
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
 * it could be skipped as missed, or stopped. Without `autobetId`, entries of ongoing plans; with it,
 * that plan's, whose row the caller has locked (a stopped plan's entries are adopted only so: a stop
 * after a win must also cancel what it adopts).
 */
async function adoptPlacedOrders(db: pg.Pool | pg.PoolClient, autobetId?: number): Promise<void> {
  await db.query(
    `UPDATE autobet_entries e SET status = 'BET', order_id = o.id, note = NULL, placing_at = NULL
       FROM autobets a, orders o
      WHERE a.id = e.autobet_id AND e.status = 'PENDING' AND ($1::bigint IS NULL AND a.status = 'ONGOING' OR e.autobet_id = $1)
        AND o.customer_id = a.customer_id AND o.client_key = '${AUTOBET_KEY_PREFIX}' || e.autobet_id || ':' || e.seq`,
    [autobetId ?? null],
  );
}

/**
 * Stops a plan's remaining entries with `note`; the caller holds the plan row FOR UPDATE. Orders
 * committed under an entry's key are adopted first, so no entry is stopped with an order standing
 * behind it. An entry a runner is placing now is left to it: its record sees the stopped plan.
 */
async function stopEntries(client: pg.PoolClient, autobetId: number, note: string): Promise<void> {
  await adoptPlacedOrders(client, autobetId);
  await client.query(
    `UPDATE autobet_entries e SET status = 'STOP', note = $2, placing_at = NULL WHERE e.autobet_id = $1 AND e.status = 'PENDING' AND ${UNCLAIMED}`,
    [autobetId, note],
  );
}

/** After a win (the plan row locked FOR UPDATE): the plan's placed orders whose issue is still on sale are cancelled and refunded. */
async function cancelPlacedAfterWin(client: pg.PoolClient, autobetId: number, now: number): Promise<NewLiveEvent[]> {
  const placed = await client.query<{ order_id: number }>(
    `SELECT e.order_id FROM autobet_entries e JOIN order_outcomes o ON o.id = e.order_id
      WHERE e.autobet_id = $1 AND e.status = 'BET' AND o.status = 'PENDING'`,
    [autobetId],
  );
  return cancelAfterWin(
    client,
    placed.rows.map((r) => r.order_id),
    now,
  );
}

/** Cancels (and refunds) the orders still on sale of a plan stopped on a win; their entries become STOP. */
async function cancelAfterWin(client: pg.PoolClient, orderIds: readonly number[], now: number): Promise<NewLiveEvent[]> {
  const { cancelled, events } = await cancelOrdersStillOnSale(client, orderIds, now);
  if (cancelled.length > 0) {
    await client.query(`UPDATE autobet_entries SET status = 'STOP', note = $2 WHERE order_id = ANY($1::bigint[])`, [cancelled, WON_CANCEL_NOTE]);
  }
  return events;
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
      await stopEntries(client, autobetId, PLAYER_STOP_NOTE);
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

// Gathers the fast-path placements of one process into batches: each batch is ONE statement
// (place_orders_fast, drizzle/0006_placement_functions.sql), so one round trip, one transaction and
// one commit carry every order that arrived while the previous batch of its lane ran. An order that
// arrives at an idle lane goes at once, alone: no added delay.
//
// Lanes: orders are split by house shard (customerId mod HOUSE_SHARDS) into LANES lanes; a lane runs
// one batch at a time, so two batches in flight never touch the same house shard or the same player
// and never wait for each other's row locks, and a player's orders are placed in arrival order.
// Each order's outcome is its own (see the SQL function). A deadlock or serialization failure
// (possible only against transactions outside this scheme, e.g. a house shard created concurrently)
// is retried once. If the statement still fails, nothing of the batch was written (one statement, one
// transaction): its orders are placed again one statement each, so that an order PostgreSQL refuses
// fails alone and every other order of the batch is placed exactly once — an order whose first
// statement did commit after all (an answer lost on the wire) is found again by its client key and
// comes back as REPLAY. An order refused on its own for its data (a data exception or an integrity
// constraint) is the player's error, 400; any other failure stays a server error.
import type pg from 'pg';
import { errors } from '../http/errors.ts';
import { HOUSE_SHARDS } from './accounts.ts';

export interface BatchOrder {
  customerId: number;
  clientKey: string;
  drawType: string;
  playMode: string;
  issueNumber: string;
  now: number;
  betCount: number;
  totalStake: number;
  prizeGroup: number;
  autobetId: number | null;
  sessionId: number | null;
  tokenHash: Buffer | null;
  bets: readonly {
    code: string;
    name: string;
    selection: string;
    mode: string | null;
    multiplier: number | null;
    prizeGroup: number | null;
    betCount: number;
    stake: number;
    rebate: number;
  }[];
}

export interface BatchOutcome {
  outcome: 'PLACED' | 'REPLAY' | 'SLOW' | 'NOSESSION' | 'STALE' | 'CLOSED' | 'INVALID' | 'CONFLICT' | 'INSUFFICIENT';
  orderId: number | null;
  balance: number | null;
  message: string | null;
}

const LANES = 2;
const MAX_BATCH = 32;
const RETRYABLE = new Set(['40P01', '40001']);
/** SQLSTATE classes of a statement refused for the data it was given: data exception, integrity constraint. */
const REFUSED_DATA_CLASSES = ['22', '23'];
export const UNSTORABLE_ORDER_MESSAGE = '订单内容无法保存，未能投注，请检查后重试';

const PLACE_SQL = `SELECT idx, outcome, order_id, balance, message FROM place_orders_fast(
  $1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::integer[], $8::bigint[], $9::integer[], $10::bigint[],
  $11::text[], $12::bigint[], $13::bytea[], $14::integer[], $15::integer[],
  $16::text[], $17::text[], $18::jsonb[], $19::text[], $20::integer[], $21::integer[], $22::integer[], $23::bigint[], $24::bigint[])`;

interface Waiting {
  order: BatchOrder;
  resolve: (outcome: BatchOutcome) => void;
  reject: (error: unknown) => void;
}

class Lane {
  private queue: Waiting[] = [];
  private running = false;

  constructor(private readonly pool: pg.Pool) {}

  submit(order: BatchOrder): Promise<BatchOutcome> {
    const done = new Promise<BatchOutcome>((resolve, reject) => this.queue.push({ order, resolve, reject }));
    if (!this.running) {
      this.running = true;
      void this.drain();
    }
    return done;
  }

  private async drain(): Promise<void> {
    // Let the requests of this turn of the event loop join the first batch.
    await Promise.resolve();
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          const outcomes = await this.place(batch.map((w) => w.order));
          batch.forEach((w, i) => w.resolve(outcomes[i]!));
        } catch (error) {
          if (batch.length === 1) batch[0]!.reject(asRefusal(error));
          else await this.placeOneByOne(batch);
        }
      }
    } finally {
      this.running = false;
    }
  }

  /** In arrival order, as the batch would have placed them: a player's orders keep their order. */
  private async placeOneByOne(batch: readonly Waiting[]): Promise<void> {
    for (const w of batch) {
      try {
        w.resolve((await this.place([w.order]))[0]!);
      } catch (error) {
        w.reject(asRefusal(error));
      }
    }
  }

  private async place(orders: BatchOrder[], attempt = 1): Promise<BatchOutcome[]> {
    const bets = orders.flatMap((o) => o.bets);
    const first: number[] = [];
    let next = 1;
    for (const o of orders) {
      first.push(next);
      next += o.bets.length;
    }
    try {
      const result = await this.pool.query<{ idx: number; outcome: BatchOutcome['outcome']; order_id: number | null; balance: number | null; message: string | null }>({
        name: 'place_orders_fast',
        text: PLACE_SQL,
        values: [
          orders.map((o) => o.customerId),
          orders.map((o) => o.clientKey),
          orders.map((o) => o.drawType),
          orders.map((o) => o.playMode),
          orders.map((o) => o.issueNumber),
          orders.map((o) => o.now),
          orders.map((o) => o.betCount),
          orders.map((o) => o.totalStake),
          orders.map((o) => o.prizeGroup),
          orders.map((o) => o.autobetId),
          orders.map((o) => `house:lottery:${o.customerId % HOUSE_SHARDS}`),
          orders.map((o) => o.sessionId),
          orders.map((o) => o.tokenHash),
          first,
          orders.map((o) => o.bets.length),
          bets.map((b) => b.code),
          bets.map((b) => b.name),
          bets.map((b) => b.selection),
          bets.map((b) => b.mode),
          bets.map((b) => b.multiplier),
          bets.map((b) => b.prizeGroup),
          bets.map((b) => b.betCount),
          bets.map((b) => b.stake),
          bets.map((b) => b.rebate),
        ],
      });
      const outcomes: BatchOutcome[] = new Array(orders.length);
      for (const row of result.rows) {
        outcomes[row.idx - 1] = { outcome: row.outcome, orderId: row.order_id, balance: row.balance, message: row.message };
      }
      return outcomes;
    } catch (error) {
      if (attempt < 2 && RETRYABLE.has((error as { code?: string }).code ?? '')) return this.place(orders, attempt + 1);
      throw error;
    }
  }
}

/** The failure of an order's own statement: its data refused → 400; anything else unchanged. */
function asRefusal(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && REFUSED_DATA_CLASSES.includes(code.slice(0, 2)) ? errors.validation(UNSTORABLE_ORDER_MESSAGE) : error;
}

const batchers = new WeakMap<pg.Pool, Lane[]>();

/** Places one order in the next batch of its lane; resolves with its own outcome. */
export function placeInBatch(pool: pg.Pool, order: BatchOrder): Promise<BatchOutcome> {
  let lanes = batchers.get(pool);
  if (!lanes) {
    lanes = Array.from({ length: LANES }, () => new Lane(pool));
    batchers.set(pool, lanes);
  }
  return lanes[(order.customerId % HOUSE_SHARDS) % LANES]!.submit(order);
}

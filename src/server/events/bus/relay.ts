// The outbox relay (NATS bus): one across all processes (a singleton role). It follows the outbox in id
// order — woken by append_live_events' NOTIFY, with a short poll as a safety net — and publishes what
// it reads, each message chained to the previous one by its last id. When nothing was published for a
// poll interval it publishes its position alone, so a receiver whose last message was lost learns of
// the gap within that interval without polling PostgreSQL itself. A new relay (after a failover)
// starts at the newest id and publishes that position first: receivers fill from the outbox what the
// previous relay may not have sent.
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { EVENTS_CHANNEL, latestEventId } from '../outbox.ts';
import { encodeBatches, encodePosition, type RawEvent } from './codec.ts';
import { PgListener } from './pg-listener.ts';

const FETCH_BATCH = 1000;

export interface RelayOptions {
  pool: pg.Pool;
  databaseUrl: string;
  log: FastifyBaseLogger;
  publish(message: Uint8Array): void;
  maxMessageBytes: number;
  pollMs?: number;
}

/** For tests: drop the next N messages that carry events instead of publishing them (lost messages). */
export const relayTestHooks = { dropEventMessages: 0 };

export class OutboxRelay {
  private cursor = 0;
  private listener: PgListener | null = null;
  private timer: NodeJS.Timeout | null = null;
  private fetching: Promise<void> | null = null;
  private wokenWhileFetching = false;
  private lastPublishAt = 0;
  private running = false;

  constructor(private readonly options: RelayOptions) {}

  /** Takes up the role; retries on its own until it is running or stopped (never rejects). */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      this.cursor = await latestEventId(this.options.pool);
      this.send(encodePosition(this.cursor), false);
      this.listener = new PgListener({
        databaseUrl: this.options.databaseUrl,
        channel: EVENTS_CHANNEL,
        log: this.options.log,
        onNotify: () => this.wake(),
        onListening: () => this.wake(),
      });
      await this.listener.start();
    } catch (error) {
      this.options.log.warn({ err: error }, 'outbox relay failed to start; retrying');
      await this.stop();
      setTimeout(() => void this.start(), 1_000).unref();
      return;
    }
    const pollMs = this.options.pollMs ?? 1_000;
    this.timer = setInterval(() => this.wake(), pollMs);
    this.timer.unref();
    this.options.log.info({ position: this.cursor }, 'outbox relay started');
  }

  /** Idempotent. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const listener = this.listener;
    this.listener = null;
    await listener?.close();
    await this.fetching?.catch(() => {});
  }

  private wake(): void {
    if (!this.running) return;
    if (this.fetching) {
      this.wokenWhileFetching = true;
      return;
    }
    this.fetching = this.drain()
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'outbox relay: reading or publishing failed'))
      .finally(() => {
        this.fetching = null;
        if (this.wokenWhileFetching) {
          this.wokenWhileFetching = false;
          this.wake();
        }
      });
  }

  private async drain(): Promise<void> {
    const pollMs = this.options.pollMs ?? 1_000;
    for (;;) {
      const result = await this.options.pool.query<RawEvent>({
        name: 'relay_live_events',
        text: `SELECT id, customer_id AS "customerId", type, payload::text AS payload
                 FROM live_events WHERE id > $1 ORDER BY id LIMIT $2`,
        values: [this.cursor, FETCH_BATCH],
      });
      const rows = result.rows;
      if (rows.length > 0) {
        for (const message of encodeBatches(this.cursor, rows, this.options.maxMessageBytes)) this.send(message, true);
        this.cursor = rows[rows.length - 1]!.id;
      } else if (Date.now() - this.lastPublishAt >= pollMs) {
        this.send(encodePosition(this.cursor), false);
      }
      if (rows.length < FETCH_BATCH || !this.running) return;
    }
  }

  private send(message: Uint8Array, carriesEvents: boolean): void {
    this.lastPublishAt = Date.now();
    if (carriesEvents && relayTestHooks.dropEventMessages > 0) {
      relayTestHooks.dropEventMessages -= 1;
      return;
    }
    this.options.publish(message);
  }
}

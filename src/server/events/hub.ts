// Delivers outbox events to the SSE connections of this process, and appends what it publishes
// (coalesced: publisher.ts). Each process follows the outbox with one cursor: woken by NOTIFY from any
// process and after its own appends (coalesced: one fetch at a time, one more if woken meanwhile),
// with a slow poll as a safety net if the LISTEN connection drops.
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import {
  EVENTS_CHANNEL,
  eventsAfter,
  latestEventId,
  SESSION_REVOKED,
  type NewLiveEvent,
  type StoredLiveEvent,
} from './outbox.ts';
import type { LiveEventPayloads } from '../../shared/api/events.ts';
import { CoalescingPublisher } from './publisher.ts';

export interface EventConnection {
  customerId: number;
  sessionId: number;
  /** Delivers one event if it is newer than what the connection already has. */
  deliver(event: StoredLiveEvent): void;
  heartbeat(): void;
  close(): void;
}

const FETCH_BATCH = 1000;

export interface EventHubOptions {
  pool: pg.Pool;
  databaseUrl: string;
  log: FastifyBaseLogger;
  heartbeatMs: number;
  pollMs?: number;
  sessionCheckMs?: number;
}

export class EventHub {
  private readonly connections = new Set<EventConnection>();
  private cursor = 0;
  private fetching: Promise<void> | null = null;
  private wokenWhileFetching = false;
  private listener: pg.Client | null = null;
  private timers: NodeJS.Timeout[] = [];
  /** Set synchronously when closing starts: from then on the listener's connection is ours to end. */
  private closed = false;
  private closing: Promise<void> | null = null;
  private readonly publisher: CoalescingPublisher;

  constructor(private readonly options: EventHubOptions) {
    this.publisher = new CoalescingPublisher(options.pool, (lastId) => this.appended(lastId));
  }

  async start(): Promise<void> {
    this.cursor = await latestEventId(this.options.pool);
    await this.listen();
    const { heartbeatMs, pollMs = 5_000, sessionCheckMs = 60_000 } = this.options;
    this.timers.push(
      setInterval(() => this.wake(), pollMs),
      setInterval(() => this.connections.forEach((c) => c.heartbeat()), heartbeatMs),
      setInterval(() => void this.closeRevokedSessions(), sessionCheckMs),
    );
    for (const timer of this.timers) timer.unref();
  }

  /** The id of the newest event this process has dispatched: where a fresh stream starts. */
  get position(): number {
    return this.cursor;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /**
   * Publishes events; call after the transaction that caused them has committed. Resolves once they
   * are in the outbox. Appends of this process are coalesced (publisher.ts): what is published while
   * one append runs goes into the next, as one statement.
   */
  publish(events: readonly NewLiveEvent[]): Promise<void> {
    return this.publisher.publish(events);
  }

  publishTo<K extends keyof LiveEventPayloads>(customerId: number, type: K, payload: LiveEventPayloads[K]) {
    return this.publish([{ customerId, type, payload }]);
  }

  publishToAll<K extends keyof LiveEventPayloads>(type: K, payload: LiveEventPayloads[K]) {
    return this.publish([{ customerId: null, type, payload }]);
  }

  /** Ends the streams of one session in every process (logout, sign-out of other devices). */
  closeSession(customerId: number, sessionId: number): Promise<void> {
    return this.publish([{ customerId, type: SESSION_REVOKED, payload: { sessionId } }]);
  }

  attach(connection: EventConnection): () => void {
    this.connections.add(connection);
    return () => this.connections.delete(connection);
  }

  /** Idempotent; marks the hub closed before its first await (see `closed`). */
  close(): Promise<void> {
    this.closed = true;
    return (this.closing ??= this.shutDown());
  }

  private async shutDown(): Promise<void> {
    // Let what was published reach the outbox, but never hold up shutdown for long.
    await Promise.race([this.publisher.idle().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    for (const timer of this.timers) clearInterval(timer);
    for (const connection of this.connections) connection.close();
    this.connections.clear();
    await this.fetching?.catch(() => {});
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => {});
  }

  /**
   * Events up to `lastId` were appended (by this process, or by any: the NOTIFY payload) and every
   * lower id is committed. With no stream open here there is nobody to deliver them to: the cursor
   * moves there without reading the rows. Otherwise (or when the id is unknown) a fetch is scheduled.
   */
  private appended(lastId: number): void {
    if (this.connections.size === 0 && !this.fetching && Number.isSafeInteger(lastId) && lastId > 0) {
      if (lastId > this.cursor) this.cursor = lastId;
      return;
    }
    this.wake();
  }

  /** Schedules a fetch; concurrent wake-ups collapse into at most one extra round. */
  wake(): void {
    if (this.closed) return;
    if (this.fetching) {
      this.wokenWhileFetching = true;
      return;
    }
    this.fetching = this.drain()
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'live event fetch failed'))
      .finally(() => {
        this.fetching = null;
        if (this.wokenWhileFetching) {
          this.wokenWhileFetching = false;
          this.wake();
        }
      });
  }

  private async drain(): Promise<void> {
    for (;;) {
      const batch = await eventsAfter(this.options.pool, this.cursor, FETCH_BATCH);
      for (const event of batch) this.dispatch(event);
      if (batch.length > 0) this.cursor = batch[batch.length - 1]!.id;
      if (batch.length < FETCH_BATCH || this.closed) return;
    }
  }

  private dispatch(event: StoredLiveEvent): void {
    if (event.type === SESSION_REVOKED) {
      const { sessionId } = event.payload as { sessionId: number };
      for (const connection of this.connections) if (connection.sessionId === sessionId) connection.close();
      return;
    }
    for (const connection of this.connections) {
      if (event.customerId === null || event.customerId === connection.customerId) connection.deliver(event);
    }
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    client.on('notification', (message) => this.appended(Number(message.payload)));
    client.on('error', (error) => {
      // Closing (the database may be stopped by the same Ctrl-C), or this client was already given up
      // for lost: pg reports a terminated connection twice (the server's message, then the socket's end).
      if (this.closed || this.listener !== client) return;
      // 57P01: the database server is shutting down (a restart, or it was stopped on its own).
      const level = (error as { code?: string }).code === '57P01' ? 'info' : 'warn';
      this.options.log[level]({ err: error }, 'live event listener lost; reconnecting');
      this.listener = null;
      this.listenAgainSoon();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      // Closing started while this (re)connection was under way: nobody else will end it.
      await client.end().catch(() => {});
      return;
    }
    this.listener = client;
    this.wake();
  }

  /** Until a listener is back (or the hub closes): the database may take a while to return. */
  private listenAgainSoon(): void {
    const retry = (error: unknown) => {
      this.options.log.debug({ err: error }, 'live event listener: reconnecting failed; trying again');
      this.listenAgainSoon();
    };
    setTimeout(() => void this.listen().catch(retry), 1_000).unref();
  }

  private async closeRevokedSessions(): Promise<void> {
    if (this.connections.size === 0) return;
    const ids = [...new Set([...this.connections].map((c) => c.sessionId))];
    const result = await this.options.pool
      .query<{ id: number }>(
        'SELECT id FROM sessions WHERE id = ANY($1::bigint[]) AND revoked_at IS NULL AND expires_at > now()',
        [ids],
      )
      .catch(() => null);
    if (!result) return;
    const active = new Set(result.rows.map((r) => r.id));
    for (const connection of this.connections) if (!active.has(connection.sessionId)) connection.close();
  }
}

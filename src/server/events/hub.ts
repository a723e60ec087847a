// Delivers outbox events to the SSE connections of this process, and appends what it publishes
// (coalesced: publisher.ts). Each process follows the outbox with one cursor, fed by a bus (bus/):
//  - notify: woken by NOTIFY from any process and after its own appends, it reads the outbox after its
//    cursor (coalesced: one read at a time, one more if woken meanwhile);
//  - nats: it receives the events themselves from the one relay, each batch chained to the one before;
//    a batch that starts beyond the cursor reveals a lost message, and the gap is read from the outbox.
// Either way a slow poll is the safety net (with nats, only when the bus has been silent for that long:
// the relay publishes its position every second when idle, so in steady state nothing polls).
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { eventsAfter, latestEventId, SESSION_REVOKED, type NewLiveEvent, type StoredLiveEvent } from './outbox.ts';
import type { LiveEventPayloads } from '../../shared/api/events.ts';
import { CoalescingPublisher } from './publisher.ts';
import type { BusSink, EventBus } from './bus/bus.ts';
import type { BusBatch } from './bus/codec.ts';
import { NotifyBus } from './bus/notify-bus.ts';

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
  /** Default: NOTIFY (one machine). */
  bus?: EventBus;
  pollMs?: number;
  sessionCheckMs?: number;
}

/** What the hub did, for tests and benchmarks. */
export interface EventHubStats {
  /** Reads of the outbox (notify: every wake-up; nats: gaps and the safety poll). */
  outboxReads: number;
  /** Lost bus messages made good from the outbox. */
  gapsFilled: number;
}

export class EventHub implements BusSink {
  private readonly connections = new Set<EventConnection>();
  /** The same connections by customer: an event for one customer visits that customer's streams only. */
  private readonly byCustomer = new Map<number, Set<EventConnection>>();
  private cursor = 0;
  /** Batches from the bus waiting their turn, and whether the outbox is to be read. */
  private inbox: BusBatch[] = [];
  private readWanted = false;
  private running: Promise<void> | null = null;
  private lastBusMessageAt = Date.now();
  private timers: NodeJS.Timeout[] = [];
  private closed = false;
  private closing: Promise<void> | null = null;
  private readonly publisher: CoalescingPublisher;
  private readonly bus: EventBus;
  readonly stats: EventHubStats = { outboxReads: 0, gapsFilled: 0 };

  constructor(private readonly options: EventHubOptions) {
    this.bus = options.bus ?? new NotifyBus({ databaseUrl: options.databaseUrl, log: options.log });
    this.publisher = new CoalescingPublisher(options.pool, (lastId) => this.appended(lastId));
  }

  get busKind(): EventBus['kind'] {
    return this.bus.kind;
  }

  async start(): Promise<void> {
    this.cursor = await latestEventId(this.options.pool);
    await this.bus.start(this);
    const { heartbeatMs, pollMs = 5_000, sessionCheckMs = 60_000 } = this.options;
    this.timers.push(
      setInterval(() => this.safetyPoll(pollMs), pollMs),
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
    let own = this.byCustomer.get(connection.customerId);
    if (!own) this.byCustomer.set(connection.customerId, (own = new Set()));
    own.add(connection);
    return () => {
      this.connections.delete(connection);
      own.delete(connection);
      // Only the set still indexed: an emptied one may have been replaced by a newer stream's.
      if (own.size === 0 && this.byCustomer.get(connection.customerId) === own) this.byCustomer.delete(connection.customerId);
    };
  }

  /** Idempotent; marks the hub closed before its first await. */
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
    this.byCustomer.clear();
    await this.running?.catch(() => {});
    await this.bus.close().catch((error: unknown) => this.options.log.warn({ err: error }, 'closing the events bus failed'));
  }

  /** BusSink (notify, and this process's own appends): events up to `lastId` are in the outbox. */
  wake(lastId: number | null): void {
    this.appended(lastId);
  }

  /** BusSink (nats): the relay's next batch. */
  batch(prev: number, events: StoredLiveEvent[]): void {
    this.lastBusMessageAt = Date.now();
    if (this.closed) return;
    const last = events.length > 0 ? events[events.length - 1]!.id : prev;
    if (this.connections.size === 0 && !this.running) {
      // Nobody to deliver to: the cursor moves without reading anything (a gap included).
      if (last > this.cursor) this.cursor = last;
      return;
    }
    this.inbox.push({ prev, events });
    this.kick();
  }

  /**
   * Events up to `lastId` were appended (by this process, or by any: NOTIFY) and every lower id is
   * committed. With no stream open here there is nobody to deliver them to: the cursor moves there
   * without reading the rows. Otherwise (or when the id is unknown) the outbox is read — with NOTIFY
   * only: on the nats bus the relay brings them.
   */
  private appended(lastId: number | null): void {
    if (this.connections.size === 0 && !this.running && lastId !== null && Number.isSafeInteger(lastId) && lastId > 0) {
      if (lastId > this.cursor) this.cursor = lastId;
      return;
    }
    if (this.bus.kind === 'notify' || lastId === null) this.readOutbox();
  }

  private safetyPoll(pollMs: number): void {
    if (this.bus.kind === 'nats' && Date.now() - this.lastBusMessageAt < pollMs) return;
    this.readOutbox();
  }

  /** Schedules a read of the outbox after the cursor; concurrent requests collapse into one. */
  private readOutbox(): void {
    this.readWanted = true;
    this.kick();
  }

  private kick(): void {
    if (this.closed || this.running) return;
    this.running = this.work()
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'live event fetch failed'))
      .finally(() => {
        this.running = null;
        if (this.readWanted || this.inbox.length > 0) this.kick();
      });
  }

  /** One step at a time, in order: the cursor only moves forward and every event is dispatched once. */
  private async work(): Promise<void> {
    while (!this.closed) {
      if (this.readWanted) {
        this.readWanted = false;
        await this.drainOutbox();
        continue;
      }
      const next = this.inbox.shift();
      if (!next) return;
      const last = next.events.length > 0 ? next.events[next.events.length - 1]!.id : next.prev;
      if (last <= this.cursor) continue;
      if (next.prev > this.cursor) {
        if (this.connections.size === 0) this.cursor = next.prev;
        else {
          // A lost message (or a relay that just took over): what it held is in the outbox.
          this.stats.gapsFilled += 1;
          await this.drainOutbox();
        }
      }
      for (const event of next.events) if (event.id > this.cursor) this.dispatchAt(event);
    }
  }

  private async drainOutbox(): Promise<void> {
    for (;;) {
      this.stats.outboxReads += 1;
      const batch = await eventsAfter(this.options.pool, this.cursor, FETCH_BATCH);
      for (const event of batch) this.dispatchAt(event);
      if (batch.length < FETCH_BATCH || this.closed) return;
    }
  }

  private dispatchAt(event: StoredLiveEvent): void {
    this.cursor = event.id;
    if (event.customerId === null) {
      for (const connection of this.connections) connection.deliver(event);
      return;
    }
    const own = this.byCustomer.get(event.customerId);
    if (!own) return;
    if (event.type === SESSION_REVOKED) {
      const { sessionId } = event.payload as { sessionId: number };
      // A copy: close() detaches, which deletes from `own` while it is walked.
      for (const connection of [...own]) if (connection.sessionId === sessionId) connection.close();
      return;
    }
    for (const connection of own) connection.deliver(event);
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
    // Only the sessions asked about: a stream opened while the query ran is not in `ids` at all.
    const asked = new Set(ids);
    for (const connection of [...this.connections]) {
      if (asked.has(connection.sessionId) && !active.has(connection.sessionId)) connection.close();
    }
  }
}

// The NATS bus (EVENTS_BUS=nats://…): every process subscribes to the relay's subject; the relay runs
// in one process at a time (the singleton role `events-relay`). Subjects are per database
// (`jinli.events.<database>`), so servers of different databases sharing one NATS never mix.
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { connect, type NatsConnection, type Subscription } from 'nats';
import type { Singletons } from '../../jobs/singletons.ts';
import type { BusSink, EventBus } from './bus.ts';
import { decodeBatch } from './codec.ts';
import { OutboxRelay } from './relay.ts';

export const RELAY_ROLE = 'events-relay';
/** How long start() waits for NATS before the server goes on without it (it keeps trying). */
const FIRST_CONNECT_WAIT_MS = 3_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** NATS subject tokens may not hold dots, spaces or wildcards. */
export function eventsSubject(databaseUrl: string): string {
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || 'postgres';
  return `jinli.events.${database.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

export interface NatsBusOptions {
  url: string;
  pool: pg.Pool;
  databaseUrl: string;
  log: FastifyBaseLogger;
  singletons: Singletons;
  relayPollMs?: number;
}

export class NatsBus implements EventBus {
  readonly kind = 'nats' as const;
  readonly subject: string;
  private connection: NatsConnection | null = null;
  private subscription: Subscription | null = null;
  private relay: OutboxRelay | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: NatsBusOptions) {
    this.subject = eventsSubject(options.databaseUrl);
  }

  /**
   * Connects and subscribes, then offers to run the relay. NATS unreachable does not stop the server:
   * the connection keeps being tried, and meanwhile the hub's safety poll reads the outbox.
   */
  async start(sink: BusSink): Promise<void> {
    const { url, log } = this.options;
    this.connecting = connect({ servers: url, name: `jinli ${process.pid}`, waitOnFirstConnect: true, maxReconnectAttempts: -1, reconnectTimeWait: 500 })
      .then((connection) => this.connected(connection, sink))
      .catch((error: unknown) => log.error({ err: error }, 'events bus: connecting to NATS failed'));
    const waited = await Promise.race([this.connecting.then(() => true), delay(FIRST_CONNECT_WAIT_MS).then(() => false)]);
    if (!waited) log.warn({ url }, 'events bus: NATS unreachable; following the outbox by polling until it answers');
  }

  private async connected(connection: NatsConnection, sink: BusSink): Promise<void> {
    const { log } = this.options;
    if (this.closed) {
      await connection.close().catch(() => {});
      return;
    }
    this.connection = connection;
    void (async () => {
      for await (const status of connection.status()) {
        if (status.type === 'disconnect' || status.type === 'reconnect') log.info({ nats: status.type }, `events bus ${status.type}`);
      }
    })().catch(() => {});
    this.subscription = connection.subscribe(this.subject, {
      callback: (error, message) => {
        if (error) return log.warn({ err: error }, 'events bus subscription failed');
        let batch;
        try {
          batch = decodeBatch(message.data);
        } catch (decodeError) {
          return log.warn({ err: decodeError }, 'events bus: malformed message ignored');
        }
        sink.batch(batch.prev, batch.events);
      },
    });
    // The subscription is registered at the server before the relay may publish its first message.
    await connection.flush();
    const relay = new OutboxRelay({
      pool: this.options.pool,
      databaseUrl: this.options.databaseUrl,
      log,
      publish: (message) => connection.publish(this.subject, message),
      // Well under NATS's limit (1 MB by default): one slow message never holds the others long.
      maxMessageBytes: Math.min(256 * 1024, connection.info?.max_payload ?? 1024 * 1024),
      ...(this.options.relayPollMs !== undefined ? { pollMs: this.options.relayPollMs } : {}),
    });
    this.relay = relay;
    this.options.singletons.role(RELAY_ROLE, { start: () => relay.start(), stop: () => relay.stop() });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.relay?.stop();
    this.subscription?.unsubscribe();
    const connection = this.connection;
    this.connection = null;
    // Publishes already made by the relay reach the server before the connection ends.
    await connection?.drain().catch(() => connection.close().catch(() => {}));
  }
}

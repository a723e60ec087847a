// A LISTEN connection that comes back: when the database ends it (a restart, a terminated backend) it
// reconnects every second until the database accepts it again, then reports `onListening` (whoever
// relies on it reads what may have been missed meanwhile).
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

export interface PgListenerOptions {
  databaseUrl: string;
  channel: string;
  log: FastifyBaseLogger;
  onNotify(payload: string | undefined): void;
  onListening(): void;
}

export class PgListener {
  private client: pg.Client | null = null;
  /** Set synchronously when closing starts: from then on the connection is ours to end. */
  private closed = false;

  constructor(private readonly options: PgListenerOptions) {}

  start(): Promise<void> {
    return this.listen();
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const { databaseUrl, channel, log, onNotify, onListening } = this.options;
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (message) => onNotify(message.payload));
    client.on('error', (error) => {
      // Closing (the database may be stopped by the same Ctrl-C), or this client was already given up
      // for lost: pg reports a terminated connection twice (the server's message, then the socket's end).
      if (this.closed || this.client !== client) return;
      // 57P01: the database server is shutting down (a restart, or it was stopped on its own).
      const level = (error as { code?: string }).code === '57P01' ? 'info' : 'warn';
      log[level]({ err: error }, 'live event listener lost; reconnecting');
      this.client = null;
      this.listenAgainSoon();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      // Closing started while this (re)connection was under way: nobody else will end it.
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    onListening();
  }

  /** Until a listener is back (or closed): the database may take a while to return. */
  private listenAgainSoon(): void {
    const retry = (error: unknown) => {
      this.options.log.debug({ err: error }, 'live event listener: reconnecting failed; trying again');
      this.listenAgainSoon();
    };
    setTimeout(() => void this.listen().catch(retry), 1_000).unref();
  }
}

// Wake-ups for the /sse/im streams of this process, from any process: the writers NOTIFY on
// IM_CHANNEL inside their transaction (PostgreSQL delivers it at commit, so a woken stream always finds
// the rows), one LISTEN connection per process. Messages themselves are read from support_messages,
// so a lost notification costs a delay (the slow poll), never a message.
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/pool.ts';

export const IM_CHANNEL = 'jinli_support_im';

/** m: new messages; t: the operator is typing; r: the operator read up to `id`; c: the conversation changed. */
export type ImSignal = { c: number; k: 'm' | 't' | 'c' } | { c: number; k: 'r'; id: number };

export interface ImListener {
  customerId: number;
  signal(signal: ImSignal): void;
}

export function notifyIm(db: Queryable, signal: ImSignal): Promise<unknown> {
  return db.query('SELECT pg_notify($1, $2)', [IM_CHANNEL, JSON.stringify(signal)]);
}

function parseSignal(payload: string | undefined): ImSignal | null {
  try {
    const value = JSON.parse(payload ?? '') as ImSignal;
    return Number.isSafeInteger(value.c) && ['m', 't', 'c', 'r'].includes(value.k) ? value : null;
  } catch {
    return null;
  }
}

export class ImHub {
  private readonly listeners = new Set<ImListener>();
  private client: pg.Client | null = null;
  private closed = false;
  private poll: NodeJS.Timeout | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs = 5_000,
  ) {}

  attach(listener: ImListener): () => void {
    this.listeners.add(listener);
    if (!this.client && !this.poll) void this.start();
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.poll) clearInterval(this.poll);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  /** Started by the first stream: a process that serves none holds no extra connection. */
  private async start(): Promise<void> {
    this.poll = setInterval(() => this.wakeAll(), this.pollMs);
    this.poll.unref();
    await this.listen();
  }

  private wakeAll(): void {
    for (const listener of this.listeners) listener.signal({ c: listener.customerId, k: 'm' });
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      const signal = parseSignal(message.payload);
      if (!signal) return;
      for (const listener of this.listeners) if (listener.customerId === signal.c) listener.signal(signal);
    });
    client.on('error', (error) => {
      if (this.closed || this.client !== client) return;
      this.log.warn({ err: error }, 'support chat listener lost; reconnecting');
      this.client = null;
      setTimeout(() => void this.listen().catch(() => {}), 1_000).unref();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${IM_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      this.log.warn({ err: error }, 'support chat listener could not start; retrying');
      setTimeout(() => void this.listen().catch(() => {}), 1_000).unref();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    // What was written while no listener was up.
    this.wakeAll();
  }
}

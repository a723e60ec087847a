// The NOTIFY bus: append_live_events notifies `jinli_events` with the last id it wrote.
import type { FastifyBaseLogger } from 'fastify';
import { EVENTS_CHANNEL } from '../outbox.ts';
import type { BusSink, EventBus } from './bus.ts';
import { PgListener } from './pg-listener.ts';

export class NotifyBus implements EventBus {
  readonly kind = 'notify' as const;
  private listener: PgListener | null = null;

  constructor(private readonly options: { databaseUrl: string; log: FastifyBaseLogger }) {}

  async start(sink: BusSink): Promise<void> {
    this.listener = new PgListener({
      ...this.options,
      channel: EVENTS_CHANNEL,
      onNotify: (payload) => sink.wake(payload === undefined ? null : Number(payload)),
      // Whatever was appended while nobody listened is read now.
      onListening: () => sink.wake(null),
    });
    await this.listener.start();
  }

  async close(): Promise<void> {
    await this.listener?.close();
  }
}

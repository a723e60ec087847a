// The provider jobs of a running server: the in-doubt resolver and the bet-record puller, each on its
// own interval (0: not at all — tests drive them with resolveDueTransfers / pullAllRecords). A pass
// never overlaps the previous one of the same job; a failing pass is logged and the next one runs.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../context.ts';
import { resolveDueTransfers } from './in-doubt.ts';
import { pullAllRecords } from './records.ts';

export class ProviderJobs {
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly ctx: ServerContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    const { pool } = this.ctx.database;
    const config = this.ctx.config.providers;
    this.every(config.resolveIntervalMs, 'provider in-doubt resolver', () => resolveDueTransfers(pool, config));
    this.every(config.recordsIntervalMs, 'provider bet records', () => pullAllRecords(pool, config));
  }

  private every(intervalMs: number, name: string, pass: () => Promise<unknown>): void {
    if (intervalMs <= 0) return;
    let busy = false;
    const timer = setInterval(() => {
      if (busy || this.stopped) return;
      busy = true;
      const run = pass()
        .catch((error: unknown) => this.log.warn({ err: error }, `${name} pass failed`))
        .finally(() => {
          busy = false;
          this.running.delete(run);
        });
      this.running.add(run);
    }, intervalMs);
    timer.unref();
    this.timers.push(timer);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await Promise.allSettled([...this.running]);
  }
}

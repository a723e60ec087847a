// The provider jobs of a running server: the in-doubt resolver and the bet-record puller, each on its
// own interval (0: not at all — tests drive them with resolveDueTransfers / pullAllRecords). A pass
// never overlaps the previous one of the same job; a failing pass is logged and the next one runs.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { Loop } from '../jobs/loop.ts';
import { resolveDueTransfers } from './in-doubt.ts';
import { pullAllRecords } from './records.ts';

export class ProviderJobs {
  private loops: Loop[] = [];

  constructor(
    private readonly ctx: ServerContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    const { pool } = this.ctx.database;
    const config = this.ctx.config.providers;
    this.every(config.resolveIntervalMs, 'providers.in-doubt', () => resolveDueTransfers(pool, config));
    this.every(config.recordsIntervalMs, 'providers.bet-records', () => pullAllRecords(pool, config));
  }

  private every(intervalMs: number, name: string, pass: () => Promise<unknown>): void {
    if (intervalMs <= 0) return;
    this.loops.push(this.ctx.singletons.loop(name, pass, intervalMs, this.log, { runAtStart: false }).start());
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.loops.map((loop) => loop.stop()));
    this.loops = [];
  }
}

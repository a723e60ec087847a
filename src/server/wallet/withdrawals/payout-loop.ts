// The payout loop: every interval it audits requests a crash left PENDING, closes large withdrawals
// whose second approval was rejected in the approval queue, sends due payouts and asks about those in
// doubt. One pass at a time; `nudge` runs a pass soon (after a request passes the audit).
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { auditLeftovers } from './auto-audit.ts';
import { closeRejectedApprovals } from './decisions.ts';
import { dispatchPayouts, resolvePayouts } from './payouts.ts';
import { publishLater } from './publish.ts';

/** One pass of everything the loop does (tests call it directly with the loop switched off). */
export async function runPayoutCycle(ctx: ServerContext): Promise<void> {
  for (const row of await auditLeftovers(ctx.database.pool)) publishLater(ctx, row);
  for (const row of await closeRejectedApprovals(ctx.database.pool)) publishLater(ctx, row);
  await dispatchPayouts(ctx);
  await resolvePayouts(ctx);
}

export class PayoutLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  // Until started (by the process holding the lease `withdrawals.payouts`), a nudge does nothing.
  private stopped = true;

  constructor(
    private readonly ctx: ServerContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.ctx.config.withdrawals.payoutIntervalMs === 0) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs a pass as soon as the current one (if any) ends. */
  nudge(): void {
    if (this.stopped || this.ctx.config.withdrawals.payoutIntervalMs === 0) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.pass(), delayMs);
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    this.timer = null;
    this.running = runPayoutCycle(this.ctx).catch((error: unknown) => this.log.error({ err: error }, 'withdrawal payout pass failed'));
    await this.running;
    this.running = null;
    const next = this.again ? 0 : this.ctx.config.withdrawals.payoutIntervalMs;
    this.again = false;
    this.schedule(next);
  }
}

// Closing deposits that outlived their expiry. An online order is first asked about at the gateway
// (outside any lock: a network call never holds a row): money it says arrived is credited; an order
// it declined fails; otherwise the order expires (CANCELLED, 已过期) — a payment that still settles
// later is credited by its notification as a late one. An offline order nobody confirmed expires too
// (finance can still confirm it when the money turns up). Each deposit is then decided under its row
// lock with its status checked again, so parallel runs and notifications cannot both act on it.
import type { ServerContext } from '../../context.ts';
import { withTransaction } from '../../db/pool.ts';
import type { PaymentGateway, PaymentState } from '../../payments/gateway.ts';
import { depositStatusEvent, publishAfterCommit, type DepositEvent } from './events.ts';
import { applyPaymentState, EXPIRED_REASON } from './payment-state.ts';
import { lockDeposit, withNote, type DepositRow } from './rows.ts';
import type { Loop } from '../../jobs/loop.ts';

export interface ExpiryRun {
  examined: number;
  credited: number;
  expired: number;
  failed: number;
  /** Online orders the gateway could not be asked about this time (tried again next run). */
  skipped: number;
}

export async function runDepositExpiryOnce(ctx: ServerContext, gateway: () => PaymentGateway, now = new Date(), limit = 200): Promise<ExpiryRun> {
  const due = await ctx.database.pool.query<DepositRow>(
    `SELECT * FROM deposits WHERE status IN ('PENDING', 'WAITING_FOR_AUDIT') AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
    [now, limit],
  );
  const run: ExpiryRun = { examined: due.rows.length, credited: 0, expired: 0, failed: 0, skipped: 0 };
  for (const deposit of due.rows) {
    let state: PaymentState | null = null;
    if (deposit.kind === 'ONLINE') {
      try {
        state = await gateway().queryPayment(deposit.reference);
      } catch {
        run.skipped += 1;
        continue;
      }
    }
    const events: DepositEvent[] = [];
    const result = await withTransaction(ctx.database.pool, async (client) => {
      const locked = await lockDeposit(client, deposit.id);
      if (!locked || (locked.status !== 'PENDING' && locked.status !== 'WAITING_FOR_AUDIT')) return 'gone' as const;
      if (state && (state.status === 'PAID' || state.status === 'DECLINED')) {
        const applied = await applyPaymentState(client, locked, state);
        events.push(...applied.events);
        if (applied.outcome.startsWith('CREDITED')) return 'credited' as const;
        if (applied.outcome === 'DECLINED' || applied.outcome === 'WRONG_CURRENCY') return 'failed' as const;
      }
      const note = locked.kind === 'OFFLINE' ? '超过确认时限未到账，已过期' : state ? `到期时网关状态 ${state.status}` : '到期时网关无此订单';
      await client.query(`UPDATE deposits SET status = 'CANCELLED', failure_reason = $2, note = $3, updated_at = now() WHERE id = $1`, [
        locked.id,
        EXPIRED_REASON,
        withNote(locked.note, note),
      ]);
      events.push(depositStatusEvent(locked.customer_id, locked.id, 'CANCELLED'));
      return 'expired' as const;
    });
    if (result === 'credited') run.credited += 1;
    else if (result === 'expired') run.expired += 1;
    else if (result === 'failed') run.failed += 1;
    publishAfterCommit(ctx, events);
  }
  return run;
}

/** The loop the deposits plugin runs between onReady and preClose. */
export function startDepositExpiryLoop(
  ctx: ServerContext,
  gateway: () => PaymentGateway,
  intervalMs: number,
  log: { error: (obj: object, msg: string) => void },
): Loop {
  return ctx.singletons.loop('deposits.expiry', () => runDepositExpiryOnce(ctx, gateway), intervalMs, log, { runAtStart: false }).start();
}

// Payouts (issue 17 item 4): the dispatcher sends SUBMITTED withdrawals to the gateway; the resolver
// asks the gateway about payouts whose outcome is not known. A payout is marked SENT (committed)
// before the request leaves, so a crash at any point leaves a row the resolver will query: the gateway
// knows it (PROCESSING / PAID / FAILED → applied) or does not (null → sent again, same reference,
// which the gateway answers idempotently). Nothing is ever concluded by guessing.
import type { ServerContext } from '../../context.ts';
import { withTransaction } from '../../db/pool.ts';
import { GatewayInDoubtError, GatewayRefusedError, GatewayUnavailableError, type PayoutDestination, type PayoutState } from '../../payments/gateway.ts';
import { gatewayFor } from '../../payments/registry.ts';
import type { PayoutAccountRow } from './labels.ts';
import { returnWithdrawal } from './ledger-steps.ts';
import { applyPayoutState, lockSubmitted, PAYOUT_FAILED_PREFIX } from './payout-outcomes.ts';
import { publishLater } from './publish.ts';
import { recordEvent, transition, type WithdrawalRow } from './store.ts';

/** Sends refused by an unreachable gateway before the withdrawal fails and the money goes back. */
export const MAX_UNAVAILABLE_ATTEMPTS = 5;
const BATCH = 20;

export interface PayoutTiming {
  /** Wait before querying a payout in doubt again, or before resending after the gateway was unreachable. */
  retryMs: number;
}

const timingOf = (ctx: ServerContext, timing?: Partial<PayoutTiming>): PayoutTiming => ({
  retryMs: timing?.retryMs ?? ctx.config.withdrawals.payoutRetryMs,
});

async function destinationOf(ctx: ServerContext, row: WithdrawalRow): Promise<PayoutDestination> {
  const found = await ctx.database.pool.query<PayoutAccountRow>('SELECT * FROM payout_accounts WHERE id = $1', [row.payout_account_id]);
  const account = found.rows[0]!;
  return {
    kind: account.kind,
    channel: account.bank_code ?? account.protocol ?? account.wallet_name,
    account: account.account,
    holderName: account.holder_name,
    branch: account.branch,
  };
}

/** Applies a gateway answer to withdrawal `id` in its own transaction and publishes a settled outcome. */
export async function applyPayoutAnswer(ctx: ServerContext, where: { id?: number; reference?: string }, state: PayoutState, source: string) {
  const result = await withTransaction(ctx.database.pool, async (client) => {
    const row = await lockSubmitted(client, where);
    return row ? applyPayoutState(client, row, state, source) : null;
  });
  if (result?.kind === 'settled') publishLater(ctx, result.row);
  return result;
}

/**
 * Takes due SUBMITTED withdrawals (NOT_SENT), marks them SENT and sends each. Returns how many were sent.
 * A frozen customer's payouts wait: a freeze suspends, an unfreeze lets them go (docs/wallet/withdrawals.md).
 */
export async function dispatchPayouts(ctx: ServerContext, timing?: Partial<PayoutTiming>): Promise<number> {
  const { retryMs } = timingOf(ctx, timing);
  const gateway = gatewayFor(ctx.config.payments);
  // The resolver leaves a SENT payout alone until well after the request would have timed out.
  const quietMs = Math.max(retryMs, ctx.config.payments.timeoutMs * 2);
  const claimed = await withTransaction(ctx.database.pool, async (client) => {
    const rows = await client.query<WithdrawalRow>(
      `UPDATE withdrawals w SET payout_state = 'SENT', payout_attempts = payout_attempts + 1, payout_sent_at = now(),
              payout_next_at = now() + make_interval(secs => $3), gateway_code = coalesce(gateway_code, $2), updated_at = now()
        WHERE id IN (SELECT id FROM withdrawals WHERE status = 'SUBMITTED' AND payout_state = 'NOT_SENT'
                        AND (payout_next_at IS NULL OR payout_next_at <= now())
                        AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = withdrawals.customer_id AND c.frozen_at IS NOT NULL)
                      ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING w.*`,
      [BATCH, gateway.code, quietMs / 1000],
    );
    for (const row of rows.rows) await recordEvent(client, row.id, '出款', null, `第 ${row.payout_attempts} 次发送至${gateway.label}`);
    return rows.rows;
  });
  for (const row of claimed) await sendPayout(ctx, row, retryMs);
  return claimed.length;
}

async function sendPayout(ctx: ServerContext, row: WithdrawalRow, retryMs: number): Promise<void> {
  const gateway = gatewayFor(ctx.config.payments);
  try {
    const state = await gateway.createPayout({
      merchantPayoutId: row.reference,
      amount: row.net_amount,
      currency: 'CNY',
      destination: await destinationOf(ctx, row),
      notifyUrl: `${ctx.config.payments.publicUrl}/ajax/payment/notify/${gateway.code}`,
    });
    await applyPayoutAnswer(ctx, { id: row.id }, state, '发送');
  } catch (error) {
    if (error instanceof GatewayRefusedError) await refused(ctx, row, error.message);
    else if (error instanceof GatewayUnavailableError) await unavailable(ctx, row, retryMs, error.message);
    else await inDoubt(ctx, row, retryMs, error instanceof GatewayInDoubtError ? error.message : String(error));
  }
}

/**
 * The adapter refused the payout before sending it and would refuse it every time (an amount the gateway
 * cannot express, e.g. sub-分 digits for a gateway counting in 分 — normally prevented at request time,
 * request.ts): nothing reached the gateway, so it fails now with that reason and the money goes back.
 */
async function refused(ctx: ServerContext, row: WithdrawalRow, message: string): Promise<void> {
  const failed = await withTransaction(ctx.database.pool, async (client) => {
    const reason = `${PAYOUT_FAILED_PREFIX}：${message}`;
    const done = await transition(client, row.id, {
      from: ['SUBMITTED'],
      to: 'FAILED',
      set: { payout_state: 'FAILED', reason, payout_next_at: null },
      where: { sql: `payout_state = 'SENT' AND payout_attempts = $1`, params: [row.payout_attempts] },
      event: { action: '出款结果', by: null, note: `${reason}（未发送至支付通道），资金已退回` },
    });
    if (done) await returnWithdrawal(client, done);
    return done;
  });
  publishLater(ctx, failed);
}

/** The gateway certainly did not take the payout: send again later, or give up and return the money. */
async function unavailable(ctx: ServerContext, row: WithdrawalRow, retryMs: number, message: string): Promise<void> {
  const failed = await withTransaction(ctx.database.pool, async (client) => {
    if (row.payout_attempts >= MAX_UNAVAILABLE_ATTEMPTS) {
      const reason = `${PAYOUT_FAILED_PREFIX}：支付通道暂不可用`;
      const done = await transition(client, row.id, {
        from: ['SUBMITTED'],
        to: 'FAILED',
        set: { payout_state: 'FAILED', reason, payout_next_at: null },
        where: { sql: `payout_state = 'SENT' AND payout_attempts = $1`, params: [row.payout_attempts] },
        event: { action: '出款结果', by: null, note: `${reason}（${message}），资金已退回` },
      });
      if (done) await returnWithdrawal(client, done);
      return done;
    }
    const back = await client.query(
      `UPDATE withdrawals SET payout_state = 'NOT_SENT', payout_next_at = now() + make_interval(secs => $3), updated_at = now()
        WHERE id = $1 AND status = 'SUBMITTED' AND payout_state = 'SENT' AND payout_attempts = $2`,
      [row.id, row.payout_attempts, retryMs / 1000],
    );
    if (back.rowCount) await recordEvent(client, row.id, '出款未送达', null, message);
    return null;
  });
  publishLater(ctx, failed);
}

async function inDoubt(ctx: ServerContext, row: WithdrawalRow, retryMs: number, message: string): Promise<void> {
  await withTransaction(ctx.database.pool, async (client) => {
    const marked = await client.query(
      `UPDATE withdrawals SET payout_state = 'IN_DOUBT', payout_next_at = now() + make_interval(secs => $2), updated_at = now()
        WHERE id = $1 AND status = 'SUBMITTED' AND payout_state = 'SENT'`,
      [row.id, retryMs / 1000],
    );
    if (marked.rowCount) await recordEvent(client, row.id, '出款结果未知', null, `${message}：稍后向网关查询`);
  });
}

/** Asks the gateway about due SENT / IN_DOUBT payouts. Returns how many were asked about. */
export async function resolvePayouts(ctx: ServerContext, timing?: Partial<PayoutTiming> & { ids?: number[] }): Promise<number> {
  const { retryMs } = timingOf(ctx, timing);
  const due = await ctx.database.pool.query<WithdrawalRow>(
    `SELECT * FROM withdrawals WHERE status = 'SUBMITTED' AND payout_state IN ('SENT', 'IN_DOUBT')
        AND ($2::bigint[] IS NOT NULL AND id = ANY($2::bigint[]) OR $2::bigint[] IS NULL AND payout_next_at <= now())
      ORDER BY payout_next_at LIMIT $1`,
    [BATCH, timing?.ids ?? null],
  );
  for (const row of due.rows) await resolveOne(ctx, row, retryMs);
  return due.rows.length;
}

export async function resolveOne(ctx: ServerContext, row: WithdrawalRow, retryMs: number): Promise<void> {
  const gateway = gatewayFor(ctx.config.payments);
  let state: PayoutState | null;
  try {
    state = await gateway.queryPayout(row.reference);
  } catch {
    // Unreachable or slow: nothing learnt, ask again later.
    await ctx.database.pool.query(
      `UPDATE withdrawals SET payout_next_at = now() + make_interval(secs => $2) WHERE id = $1 AND status = 'SUBMITTED'`,
      [row.id, retryMs / 1000],
    );
    return;
  }
  if (state === null) {
    // Never created (the request did not arrive, or a crash came before it left): send it again.
    await withTransaction(ctx.database.pool, async (client) => {
      const reset = await client.query(
        `UPDATE withdrawals SET payout_state = 'NOT_SENT', payout_next_at = NULL, updated_at = now()
          WHERE id = $1 AND status = 'SUBMITTED' AND payout_state IN ('SENT', 'IN_DOUBT') AND payout_attempts = $2`,
        [row.id, row.payout_attempts],
      );
      if (reset.rowCount) await recordEvent(client, row.id, '出款查询', null, '网关无此出款单，重新发送');
    });
    return;
  }
  if (state.status === 'PROCESSING') {
    await ctx.database.pool.query(
      `UPDATE withdrawals SET payout_state = 'SENT', gateway_payout_id = $2, payout_next_at = now() + make_interval(secs => $3), updated_at = now()
        WHERE id = $1 AND status = 'SUBMITTED'`,
      [row.id, state.gatewayPayoutId, retryMs / 1000],
    );
    return;
  }
  await applyPayoutAnswer(ctx, { id: row.id }, state, '查询');
}

// Payment notifications from a gateway: every delivery is logged (gateway_notifications); the first
// delivery of a notification id is processed, in one transaction with its log row, so a repeat —
// sequential or concurrent — finds the row and changes nothing. The deposit row is locked FOR UPDATE
// while its state is applied (payment-state.ts); the DEP transfer's key makes crediting once certain
// even across notification ids.
import type { ServerContext } from '../../context.ts';
import { withTransaction, type Queryable } from '../../db/pool.ts';
import type { PaymentState } from '../../payments/gateway.ts';
import type { DepositEvent } from './events.ts';
import { applyPaymentState, type PaymentOutcome } from './payment-state.ts';
import { lockDepositByReference } from './rows.ts';

/** Outcomes of a delivery that never reached a deposit. */
export type DeliveryOutcome = PaymentOutcome | 'DUPLICATE' | 'BAD_SIGNATURE' | 'UNKNOWN_GATEWAY' | 'PAYOUT' | 'ERROR';

export interface DeliveryLog {
  gateway: string;
  notificationId: string | null;
  kind: 'payment' | 'payout' | null;
  signatureOk: boolean;
  outcome: DeliveryOutcome;
  merchantOrderId?: string | null;
  depositId?: number | null;
  payload: string;
}

/** What an unverified delivery may store: anyone can post one, so only its start, without NUL (PostgreSQL text refuses it). */
const UNVERIFIED_PAYLOAD_CHARS = 4_096;
export function storablePayload(payload: string, verified: boolean): string {
  const text = payload.replaceAll('\u0000', '\uFFFD');
  return verified ? text : text.slice(0, UNVERIFIED_PAYLOAD_CHARS);
}

export async function logDelivery(db: Queryable, entry: DeliveryLog): Promise<void> {
  await db.query(
    `INSERT INTO gateway_notifications (gateway, notification_id, kind, signature_ok, processed, outcome, merchant_order_id, deposit_id, payload)
     VALUES ($1, $2, $3, $4, false, $5, $6, $7, $8)`,
    [
      entry.gateway.replaceAll('\u0000', ''),
      entry.notificationId,
      entry.kind,
      entry.signatureOk,
      entry.outcome,
      entry.merchantOrderId ?? null,
      entry.depositId ?? null,
      storablePayload(entry.payload, entry.signatureOk),
    ],
  );
}

export interface ProcessedPayment {
  outcome: DeliveryOutcome;
  depositId: number | null;
  events: DepositEvent[];
}

export async function processPaymentNotification(
  ctx: ServerContext,
  gateway: string,
  notificationId: string,
  state: PaymentState,
  payload: string,
): Promise<ProcessedPayment> {
  const processed = await withTransaction(ctx.database.pool, async (client): Promise<ProcessedPayment | null> => {
    const logged = await client.query<{ id: number }>(
      `INSERT INTO gateway_notifications (gateway, notification_id, kind, signature_ok, processed, outcome, merchant_order_id, payload)
       VALUES ($1, $2, 'payment', true, true, 'PROCESSING', $3, $4)
       ON CONFLICT (gateway, notification_id) WHERE processed DO NOTHING RETURNING id`,
      [gateway, notificationId, state.merchantOrderId, storablePayload(payload, true)],
    );
    const logId = logged.rows[0]?.id;
    if (logId === undefined) return null;
    const deposit = await lockDepositByReference(client, state.merchantOrderId);
    const applied =
      deposit && deposit.gateway_code === gateway ? await applyPaymentState(client, deposit, state) : { outcome: 'UNKNOWN_ORDER' as const, events: [] };
    await client.query('UPDATE gateway_notifications SET outcome = $2, deposit_id = $3 WHERE id = $1', [logId, applied.outcome, deposit?.id ?? null]);
    return { outcome: applied.outcome, depositId: deposit?.id ?? null, events: applied.events };
  });
  if (processed) return processed;
  await logDelivery(ctx.database.pool, {
    gateway,
    notificationId,
    kind: 'payment',
    signatureOk: true,
    outcome: 'DUPLICATE',
    merchantOrderId: state.merchantOrderId,
    payload,
  });
  return { outcome: 'DUPLICATE', depositId: null, events: [] };
}

/** For tests and the back office: what the log says about one deposit's notifications. */
export async function notificationOutcomes(db: Queryable, depositReference: string): Promise<{ outcome: string; processed: boolean }[]> {
  const found = await db.query<{ outcome: string; processed: boolean }>(
    'SELECT outcome, processed FROM gateway_notifications WHERE merchant_order_id = $1 ORDER BY id',
    [depositReference],
  );
  return found.rows;
}


// Creating a deposit. The order is stored first (so a notification can never arrive for an order we do
// not know), inside a transaction that also checks the player's deposit limits (assertMayDeposit with
// the amount). An online order then asks the gateway for a payment: a refusal that certainly took no
// effect ends the order FAILED; an answer lost on the way leaves it PENDING, to be settled by querying.
// The client's key makes a retried request answer the same deposit.
import {
  depositAmountProblem,
  GATEWAY_UNAVAILABLE_MESSAGE,
  METHOD_UNAVAILABLE_MESSAGE,
  PAYER_NAME_LABEL,
} from '../../../shared/api/deposits.ts';
import { ERROR_CODES } from '../../../shared/api/errors.ts';
import type { Money } from '../../../shared/money.ts';
import type { ServerContext } from '../../context.ts';
import { withTransaction } from '../../db/pool.ts';
import { AppError, errors } from '../../http/errors.ts';
import { GatewayRefusedError, GatewayUnavailableError, type PaymentGateway } from '../../payments/gateway.ts';
import { assertMayDeposit } from '../../protection/guards.ts';
import { depositStatusEvent, publishAfterCommit } from './events.ts';
import { loadMethod, methodView, receivingAccountOf } from './methods.ts';
import { paymentNotifyUrl } from './notify-routes.ts';
import type { DepositRow } from './rows.ts';
import type { Config } from '../../config.ts';

export interface CreateDepositInput {
  methodCode: string;
  amount: Money;
  payerName?: string | undefined;
  clientKey: string;
}

export interface CreatedDeposit {
  deposit: DepositRow;
  replayed: boolean;
  /** Online orders whose gateway answer was lost: still PENDING, without a cashier yet. */
  inDoubt: boolean;
}

async function byClientKey(ctx: ServerContext, customerId: number, clientKey: string): Promise<DepositRow | null> {
  const found = await ctx.database.pool.query<DepositRow>('SELECT * FROM deposits WHERE customer_id = $1 AND client_key = $2', [customerId, clientKey]);
  return found.rows[0] ?? null;
}

export async function createDeposit(
  ctx: ServerContext,
  gateway: () => PaymentGateway,
  settings: Config['deposits'],
  customerId: number,
  input: CreateDepositInput,
  log: { warn: (obj: object, msg: string) => void },
): Promise<CreatedDeposit> {
  const earlier = await byClientKey(ctx, customerId, input.clientKey);
  if (earlier) return { deposit: earlier, replayed: true, inDoubt: false };

  const method = await loadMethod(ctx.database.pool, input.methodCode);
  if (!method || !method.enabled) throw errors.validation(METHOD_UNAVAILABLE_MESSAGE, { methodCode: METHOD_UNAVAILABLE_MESSAGE });
  const online = method.kind === 'ONLINE';
  // An online method takes only amounts its gateway can carry (whole 分 for one counting in 分): refused here,
  // as a field error of the shared rule, rather than failing once the order exists.
  const problem = depositAmountProblem(input.amount, methodView(method, online ? gateway().amountStep : 1));
  if (problem) throw errors.validation(problem, { amount: problem });
  if (method.kind === 'OFFLINE' && !input.payerName) {
    const message = `${PAYER_NAME_LABEL}不可以为空`;
    throw errors.validation(message, { payerName: message });
  }
  const gatewayCode = online ? gateway().code : null;
  const expiresAt = new Date(Date.now() + (online ? settings.onlineExpiryMs : settings.offlineExpiryMs));

  const created = await withTransaction(ctx.database.pool, async (client) => {
    await assertMayDeposit(client, customerId, { amount: input.amount });
    const inserted = await client.query<DepositRow>(
      `WITH next AS (SELECT nextval(pg_get_serial_sequence('deposits', 'id')) AS id)
       INSERT INTO deposits (id, reference, customer_id, method_code, kind, amount, status, gateway_code, payer_name,
                             receiving_account, expires_at, client_key)
       SELECT next.id, 'D' || to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(next.id::text, 8, '0'),
              $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
         FROM next
       ON CONFLICT (customer_id, client_key) DO NOTHING
       RETURNING *`,
      [
        customerId,
        method.code,
        method.kind,
        input.amount,
        online ? 'PENDING' : 'WAITING_FOR_AUDIT',
        gatewayCode,
        online ? null : input.payerName,
        online ? null : JSON.stringify(receivingAccountOf(method)),
        expiresAt,
        input.clientKey,
      ],
    );
    return inserted.rows[0] ?? null;
  });
  if (!created) {
    // The same key raced us: answer what it created.
    const raced = await byClientKey(ctx, customerId, input.clientKey);
    if (!raced) throw new Error('deposit vanished after a conflicting insert');
    return { deposit: raced, replayed: true, inDoubt: false };
  }
  publishAfterCommit(ctx, [depositStatusEvent(customerId, created.id, created.status)], log);
  if (!online) return { deposit: created, replayed: false, inDoubt: false };
  return requestPayment(ctx, gateway(), created, log);
}

async function requestPayment(
  ctx: ServerContext,
  gateway: PaymentGateway,
  deposit: DepositRow,
  log: { warn: (obj: object, msg: string) => void },
): Promise<CreatedDeposit> {
  const publicUrl = ctx.config.payments.publicUrl;
  const pool = ctx.database.pool;
  try {
    const payment = await gateway.createPayment({
      merchantOrderId: deposit.reference,
      amount: deposit.amount,
      currency: 'CNY',
      method: deposit.method_code,
      notifyUrl: paymentNotifyUrl(publicUrl, gateway.code),
      returnUrl: `${publicUrl}/wallet/deposit-history`,
      expiresAt: deposit.expires_at,
    });
    const updated = await pool.query<DepositRow>(
      `UPDATE deposits SET gateway_payment_id = coalesce(gateway_payment_id, $2), cashier_url = $3, updated_at = now()
        WHERE id = $1 RETURNING *`,
      [deposit.id, payment.gatewayPaymentId, payment.cashierUrl],
    );
    return { deposit: updated.rows[0]!, replayed: false, inDoubt: false };
  } catch (error) {
    if (error instanceof GatewayRefusedError) {
      // Refused before sending, and would be every time (normally caught by the amount rule above): the
      // order fails now with the honest reason, never as "unavailable" nor left pending.
      const failed = await pool.query<DepositRow>(
        `UPDATE deposits SET status = 'FAILED', failure_reason = $2, updated_at = now()
          WHERE id = $1 AND status = 'PENDING' AND transfer_id IS NULL RETURNING *`,
        [deposit.id, error.message],
      );
      if (failed.rows[0]) publishAfterCommit(ctx, [depositStatusEvent(deposit.customer_id, deposit.id, 'FAILED')], log);
      throw errors.validation(error.message, { amount: error.message });
    }
    if (error instanceof GatewayUnavailableError) {
      const failed = await pool.query<DepositRow>(
        `UPDATE deposits SET status = 'FAILED', failure_reason = $2, updated_at = now()
          WHERE id = $1 AND status = 'PENDING' AND transfer_id IS NULL RETURNING *`,
        [deposit.id, GATEWAY_UNAVAILABLE_MESSAGE],
      );
      if (failed.rows[0]) publishAfterCommit(ctx, [depositStatusEvent(deposit.customer_id, deposit.id, 'FAILED')], log);
      throw new AppError(503, ERROR_CODES.INTERNAL, GATEWAY_UNAVAILABLE_MESSAGE);
    }
    // In doubt (or anything else we cannot read): the gateway may have taken it. Leave it PENDING; the
    // expiry job asks the gateway before closing it, and a notification credits it meanwhile.
    log.warn({ err: error, deposit: deposit.reference }, 'payment creation in doubt');
    return { deposit, replayed: false, inDoubt: true };
  }
}

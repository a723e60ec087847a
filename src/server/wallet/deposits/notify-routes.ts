// POST /ajax/payment/notify/:gateway — the gateway's server-to-server notifications (no CSRF header:
// the signature is the proof, checked over the raw body). Every delivery is logged. Payment
// notifications are applied to their deposit (notifications.ts); payout notifications go to the
// withdrawals (handlePayoutNotification). The gateway retries until it reads the acknowledgement, so
// anything we could not store answers 503 and comes again; a bad signature answers 401 and changes
// nothing.
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../../shared/api/errors.ts';
import type { ServerContext } from '../../context.ts';
import { BadNotificationError, type GatewayNotification } from '../../payments/gateway.ts';
import { gatewayFor } from '../../payments/registry.ts';
import { handlePayoutNotification } from '../withdrawals/payout-notifications.ts';
import { publishAfterCommit } from './events.ts';
import { logDelivery, processPaymentNotification } from './notifications.ts';

export const PAYMENT_NOTIFY_PATH = '/ajax/payment/notify/:gateway';
export const paymentNotifyUrl = (publicUrl: string, gatewayCode: string) => `${publicUrl}/ajax/payment/notify/${gatewayCode}`;

export async function paymentNotifyRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // Signatures cover the bytes as sent: read every body as text, whatever its type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

  app.post<{ Params: { gateway: string } }>(PAYMENT_NOTIFY_PATH, { config: { gatewayNotification: true } }, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const gateway = gatewayFor(ctx.config.payments);
    const pool = ctx.database.pool;
    if (request.params.gateway !== gateway.code) {
      await logDelivery(pool, { gateway: request.params.gateway.slice(0, 64), notificationId: null, kind: null, signatureOk: false, outcome: 'UNKNOWN_GATEWAY', payload: raw });
      return reply.code(404).send({ code: ERROR_CODES.NOT_FOUND, message: '未知的支付通道' });
    }
    let notification: GatewayNotification;
    try {
      notification = gateway.verifyNotification(raw, request.headers);
    } catch (error) {
      if (!(error instanceof BadNotificationError)) throw error;
      request.log.warn({ gateway: gateway.code, reason: error.message }, 'payment notification refused');
      await logDelivery(pool, { gateway: gateway.code, notificationId: null, kind: null, signatureOk: false, outcome: 'BAD_SIGNATURE', payload: raw });
      return reply.code(401).send({ code: ERROR_CODES.UNAUTHENTICATED, message: '通知签名无效' });
    }
    try {
      if (notification.kind === 'payout') {
        await handlePayoutNotification(ctx, notification.state);
        await logDelivery(pool, {
          gateway: gateway.code,
          notificationId: notification.notificationId,
          kind: 'payout',
          signatureOk: true,
          outcome: 'PAYOUT',
          merchantOrderId: notification.state.merchantPayoutId,
          payload: raw,
        });
      } else {
        const processed = await processPaymentNotification(ctx, gateway.code, notification.notificationId, notification.state, raw);
        request.log.info({ gateway: gateway.code, notificationId: notification.notificationId, outcome: processed.outcome }, 'payment notification');
        publishAfterCommit(ctx, processed.events, request.log);
      }
    } catch (error) {
      // Nothing was committed: the gateway must come again.
      request.log.error({ err: error, notificationId: notification.notificationId }, 'payment notification not processed');
      await logDelivery(pool, {
        gateway: gateway.code,
        notificationId: notification.notificationId,
        kind: notification.kind,
        signatureOk: true,
        outcome: 'ERROR',
        payload: raw,
      }).catch(() => {});
      return reply.code(503).send({ code: ERROR_CODES.INTERNAL, message: '通知暂时无法处理，请稍后重试' });
    }
    const ack = gateway.acknowledge();
    return reply.code(ack.status).header('content-type', ack.contentType).send(ack.body);
  });
}

// Placeholder: issue 17, gateway notifications (helper H2 replaces this file). Payment notifications are
// handled here; payout notifications go to handlePayoutNotification (withdrawals).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';

export async function paymentNotifyRoutes(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}

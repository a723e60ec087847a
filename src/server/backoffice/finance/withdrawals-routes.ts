// Placeholder: issue 17, back office 财务 (withdrawals; helper H3 replaces this file).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';

export async function financeWithdrawalRoutes(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}

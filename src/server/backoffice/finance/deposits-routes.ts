// Placeholder: issue 17, back office 财务 (deposits; helper H2 replaces this file).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';

export async function financeDepositRoutes(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}

// Placeholder: issue 17, payout accounts and withdrawals (helper H3 replaces this file).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';

export async function withdrawalRoutes(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}

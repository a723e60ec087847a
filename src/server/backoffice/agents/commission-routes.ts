// Placeholder: issue 19 replaces this file (back office, agent commission).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';

export async function agentCommissionAdminRoutes(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}

// Placeholder: issue 19 (commission) replaces this file.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';

export async function agentCommissionRoutes(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}

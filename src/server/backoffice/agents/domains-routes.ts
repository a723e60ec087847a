// Placeholder: issue 19 replaces this file (back office, agent domains).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';

export async function agentDomainsAdminRoutes(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}

// Placeholder: issue 20 replaces this file (back office: providers, transfers, reconciliation).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';

export async function providerAdminRoutes(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}

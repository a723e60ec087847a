// Placeholder: issue 19 (reports) replaces this file.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';

export async function agentReportsRoutes(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}

// Placeholder: issue 19 (links) replaces this file.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';

export async function agentLinksRoutes(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}

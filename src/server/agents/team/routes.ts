// Placeholder: issue 19 (team) replaces this file.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';

export async function agentTeamRoutes(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}

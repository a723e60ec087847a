// Placeholder: issue 20 replaces this file (third-party games, transfers, records).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';

export async function thirdPartyRoutes(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}

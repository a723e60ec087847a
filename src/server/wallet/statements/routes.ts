// Placeholder: issue 17, statements and balances (helper H5 replaces this file).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';

export async function statementRoutes(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}

// Placeholder: issue 17, back office 财务 (reports; helper H5 replaces this file).
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';

export async function financeReportRoutes(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}

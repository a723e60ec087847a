// The back office's core endpoints: sign-in, the operators admin, the approval queue, the audit log.
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { approvalRoutes } from './approval-routes.ts';
import { auditRoutes } from './audit-routes.ts';
import { operatorRoutes } from './operator-routes.ts';
import { signInRoutes } from './sign-in-routes.ts';

export async function coreRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  await signInRoutes(app, ctx);
  await operatorRoutes(app, ctx);
  await approvalRoutes(app, ctx);
  await auditRoutes(app, ctx);
}

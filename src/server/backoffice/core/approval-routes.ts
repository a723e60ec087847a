// The approval queue (approvals.read) and its two decisions. Who may decide a request is the kind's
// approvePermission, never the requester; the decision itself is approvals.ts's atomic transition.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import {
  ApprovalIdParamsSchema,
  ApprovalListQuerySchema,
  ApprovalListSchema,
  ApprovalResponseSchema,
  ApproveBodySchema,
  CORE_PATHS,
  RejectBodySchema,
  type ApprovalItem,
} from '../../../shared/backoffice/auth.ts';
import { BACKOFFICE_API } from '../../../shared/backoffice/session.ts';
import type { ServerContext } from '../../context.ts';
import { errors } from '../../http/errors.ts';
import type { ApprovalOutcome, OperatorPrincipal } from './api.ts';
import { approvalKind, approvalKinds, approve, decidableKinds, reject } from './approvals.ts';
import { operatorOf, withOperatorWrite } from './implementation.ts';

const path = (p: string) => `${BACKOFFICE_API}${p}`;
const read = { operator: { permission: 'approvals.read' } } as const;

interface ApprovalRow {
  id: number;
  kind: string;
  payload: unknown;
  summary: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  reason: string;
  requested_at: Date;
  decided_at: Date | null;
  decision_reason: string | null;
  requester_id: number;
  requester_username: string;
  requester_name: string;
  decider_id: number | null;
  decider_username: string | null;
  decider_name: string | null;
}

const SELECT_APPROVALS = `SELECT a.id, a.kind, a.payload, a.summary, a.status, a.reason, a.requested_at, a.decided_at, a.decision_reason,
       q.id AS requester_id, q.username AS requester_username, q.display_name AS requester_name,
       d.id AS decider_id, d.username AS decider_username, d.display_name AS decider_name
  FROM operator_approvals a JOIN operators q ON q.id = a.requested_by LEFT JOIN operators d ON d.id = a.decided_by`;

function approvalItem(row: ApprovalRow, operator: OperatorPrincipal, decidable: readonly string[]): ApprovalItem {
  return {
    id: row.id,
    kind: row.kind,
    label: approvalKind(row.kind)?.label ?? row.kind,
    summary: row.summary,
    payload: row.payload,
    status: row.status,
    reason: row.reason,
    requestedBy: { id: row.requester_id, username: row.requester_username, displayName: row.requester_name },
    requestedAt: row.requested_at.toISOString(),
    decidedBy: row.decider_id === null ? null : { id: row.decider_id, username: row.decider_username!, displayName: row.decider_name! },
    decidedAt: row.decided_at?.toISOString() ?? null,
    decisionReason: row.decision_reason,
    canDecide: row.status === 'PENDING' && row.requester_id !== operator.id && decidable.includes(row.kind),
  };
}

async function loadApproval(db: pg.Pool | pg.PoolClient, id: number, operator: OperatorPrincipal): Promise<ApprovalItem> {
  const found = await db.query<ApprovalRow>(`${SELECT_APPROVALS} WHERE a.id = $1`, [id]);
  if (!found.rows[0]) throw errors.notFound('审批单不存在');
  return approvalItem(found.rows[0], operator, decidableKinds(operator));
}

export async function approvalRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const pool = ctx.database.pool;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(path(CORE_PATHS.approvals), { config: read, schema: { querystring: ApprovalListQuerySchema, response: { 200: ApprovalListSchema } } }, async (request) => {
    const operator = operatorOf(request);
    const { status, kind, mine, page, pageSize } = request.query;
    const filter = [status ?? null, kind ?? null, mine === 'true' ? operator.id : null];
    const where = 'WHERE ($1::text IS NULL OR a.status = $1) AND ($2::text IS NULL OR a.kind = $2) AND ($3::int IS NULL OR a.requested_by = $3)';
    const [rows, total] = await Promise.all([
      pool.query<ApprovalRow>(`${SELECT_APPROVALS} ${where} ORDER BY a.id DESC LIMIT $4 OFFSET $5`, [...filter, pageSize, (page - 1) * pageSize]),
      pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM operator_approvals a ${where}`, filter),
    ]);
    const decidable = decidableKinds(operator);
    return {
      items: rows.rows.map((row) => approvalItem(row, operator, decidable)),
      total: total.rows[0]!.n,
      page,
      pageSize,
      kinds: approvalKinds().map((k) => ({ kind: k.kind, label: k.label })),
    };
  });

  r.post(
    path(CORE_PATHS.approvalApprove),
    { config: read, schema: { params: ApprovalIdParamsSchema, body: ApproveBodySchema, response: { 200: ApprovalResponseSchema } } },
    async (request) => {
      const operator = operatorOf(request);
      let outcome: ApprovalOutcome | undefined;
      await withOperatorWrite(ctx, request, async (client, audit) => {
        outcome = await approve(ctx, client, audit, operator, request.params.id, request.body.reason ?? null);
      });
      if (outcome?.afterCommit) {
        await outcome.afterCommit().catch((error: unknown) => request.log.error({ err: error }, 'approval afterCommit failed'));
      }
      return { approval: await loadApproval(pool, request.params.id, operator) };
    },
  );

  r.post(
    path(CORE_PATHS.approvalReject),
    { config: read, schema: { params: ApprovalIdParamsSchema, body: RejectBodySchema, response: { 200: ApprovalResponseSchema } } },
    async (request) => {
      const operator = operatorOf(request);
      await withOperatorWrite(ctx, request, (client, audit) => reject(client, audit, operator, request.params.id, request.body.reason));
      return { approval: await loadApproval(pool, request.params.id, operator) };
    },
  );
}

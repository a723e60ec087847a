// Four-eyes approvals: a registry of kinds (registered by each domain at plugin registration), a
// request recorded in the requester's transaction, and one atomic decision: the PENDING → APPROVED
// transition is a single conditional UPDATE, so however many approvers press at once, exactly one
// runs `execute`, in its own transaction, with its audit row.
import type pg from 'pg';
import { roleHas } from '../../../shared/backoffice/permissions.ts';
import { fieldErrorsFromIssues } from '../../../shared/validation/errors.ts';
import type { ServerContext } from '../../context.ts';
import { errors } from '../../http/errors.ts';
import { noPermission } from './access.ts';
import type { ApprovalKind, ApprovalOutcome, ApprovalRequest, Audit, OperatorPrincipal } from './api.ts';

const registry = new Map<string, ApprovalKind<unknown>>();

/** Registering a kind again (another app in the same process) replaces it. */
export function registerApprovalKind<P>(kind: ApprovalKind<P>): void {
  registry.set(kind.kind, kind as ApprovalKind<unknown>);
}

export function approvalKind(kind: string): ApprovalKind<unknown> | undefined {
  return registry.get(kind);
}

export function approvalKinds(): readonly ApprovalKind<unknown>[] {
  return [...registry.values()];
}

/** The kinds `operator` may approve or reject. */
export function decidableKinds(operator: Pick<OperatorPrincipal, 'role'>): string[] {
  return approvalKinds()
    .filter((kind) => roleHas(operator.role, kind.approvePermission))
    .map((kind) => kind.kind);
}

export async function requestApproval<P>(
  client: pg.PoolClient,
  audit: Audit,
  operator: OperatorPrincipal,
  kindName: string,
  payload: P,
  reason: string,
): Promise<ApprovalRequest> {
  const kind = registry.get(kindName);
  if (!kind) throw new Error(`approval kind ${kindName} is not registered`);
  if (!roleHas(operator.role, kind.requestPermission)) throw noPermission();
  const parsed = kind.payload.safeParse(payload);
  if (!parsed.success) {
    const fields = fieldErrorsFromIssues(parsed.error.issues);
    const first = parsed.error.issues[0]?.message;
    throw errors.validation(first && /[\u4e00-\u9fff]/.test(first) ? first : '提交的内容格式有误，请检查后重试', fields);
  }
  await kind.validate?.(client, parsed.data);
  const summary = kind.describe(parsed.data);
  const inserted = await client.query<{ id: number }>(
    `INSERT INTO operator_approvals (kind, payload, summary, reason, requested_by) VALUES ($1, $2::jsonb, $3, $4, $5) RETURNING id`,
    [kind.kind, JSON.stringify(parsed.data), summary, reason, operator.id],
  );
  const id = inserted.rows[0]!.id;
  await audit({
    action: 'approval.request',
    targetType: 'approval',
    targetId: id,
    before: null,
    after: { kind: kind.kind, summary, payload: parsed.data, status: 'PENDING' },
    reason,
  });
  return { id, kind: kind.kind, status: 'PENDING' };
}

interface DecidedRow {
  id: number;
  kind: string;
  payload: unknown;
  summary: string;
  requested_by: number;
  requested_by_username: string;
}

/** Why a decision could not be taken: read after the conditional UPDATE matched nothing, only for the message. */
async function refusal(client: pg.PoolClient, id: number, operator: OperatorPrincipal): Promise<Error> {
  const found = await client.query<{ status: string; requested_by: number; kind: string }>(
    'SELECT status, requested_by, kind FROM operator_approvals WHERE id = $1',
    [id],
  );
  const row = found.rows[0];
  if (!row) return errors.notFound('审批单不存在');
  if (row.status !== 'PENDING') return errors.conflict('该审批单已处理');
  if (row.requested_by === operator.id) return noPermission('不能审批自己提交的申请');
  return noPermission('您的角色不能处理此类审批');
}

async function claim(
  client: pg.PoolClient,
  id: number,
  operator: OperatorPrincipal,
  status: 'APPROVED' | 'REJECTED',
  reason: string | null,
): Promise<DecidedRow> {
  const claimed = await client.query<DecidedRow>(
    `UPDATE operator_approvals a SET status = $2, decided_by = $3, decided_at = now(), decision_reason = $4
       FROM operators r
      WHERE a.id = $1 AND a.status = 'PENDING' AND a.requested_by <> $3 AND a.kind = ANY($5::text[]) AND r.id = a.requested_by
      RETURNING a.id, a.kind, a.payload, a.summary, a.requested_by, r.username AS requested_by_username`,
    [id, status, operator.id, reason, decidableKinds(operator)],
  );
  const row = claimed.rows[0];
  if (!row) throw await refusal(client, id, operator);
  return row;
}

export async function approve(
  ctx: ServerContext,
  client: pg.PoolClient,
  audit: Audit,
  operator: OperatorPrincipal,
  id: number,
  reason: string | null,
): Promise<ApprovalOutcome> {
  const row = await claim(client, id, operator, 'APPROVED', reason);
  const kind = registry.get(row.kind)!;
  const payload = kind.payload.parse(row.payload);
  const outcome = await kind.execute(client, payload, {
    approvalId: row.id,
    requestedBy: { id: row.requested_by, username: row.requested_by_username },
    approvedBy: operator,
    ctx,
  });
  await client.query('UPDATE operator_approvals SET result = $2::jsonb WHERE id = $1', [row.id, JSON.stringify(outcome.after ?? null)]);
  await audit({
    action: 'approval.approve',
    targetType: 'approval',
    targetId: row.id,
    before: { kind: row.kind, summary: row.summary, payload: row.payload, status: 'PENDING' },
    after: { status: 'APPROVED', result: outcome.after ?? null },
    reason,
  });
  return outcome;
}

export async function reject(client: pg.PoolClient, audit: Audit, operator: OperatorPrincipal, id: number, reason: string): Promise<void> {
  const row = await claim(client, id, operator, 'REJECTED', reason);
  await audit({
    action: 'approval.reject',
    targetType: 'approval',
    targetId: row.id,
    before: { kind: row.kind, summary: row.summary, payload: row.payload, status: 'PENDING' },
    after: { status: 'REJECTED' },
    reason,
  });
}

// The back office's server contract: what every back-office domain (customers, draws, games,
// content, reports, and later wallet, agents, campaigns, chat) uses. The implementation lives beside
// this file; keep these exports stable.
//
// A back-office route is an ordinary Fastify route under /ajax/backoffice/ that declares
//   config: { operator: { permission: 'customers.read' } }
// A root hook (registerOperatorAccess) then, before the input is validated: answers 401 without a
// valid operator session (a customer's session is never one), 403 when the operator's role lacks the
// permission (PERMISSION_MATRIX), and marks the answer no-store. A route under /ajax/backoffice/ that
// declares no `operator` config fails at startup. The sign-in routes declare `{ permission: null }`.
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { z } from 'zod';
import type { OperatorRole, Permission } from '../../../shared/backoffice/permissions.ts';
import type { ServerContext } from '../../context.ts';

export interface OperatorPrincipal {
  id: number;
  username: string;
  displayName: string;
  role: OperatorRole;
  sessionId: number;
  /** The request's address (request.ip), recorded in the audit log. */
  ip: string;
}

export interface OperatorRouteRule {
  /** null: reachable without an operator session (sign-in steps only). */
  permission: Permission | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The back-office permission this route needs, enforced by registerOperatorAccess. */
    operator?: OperatorRouteRule;
  }
}

export interface AuditEntry {
  /** Dotted verb, e.g. 'customer.freeze', 'game.update', 'content.publish'. */
  action: string;
  /** e.g. 'customer', 'draw_issue', 'game', 'announcement'. */
  targetType: string;
  targetId: string | number | null;
  before: unknown;
  after: unknown;
  reason?: string | null;
}

/** Records one audit row for the operator of `request`, in the caller's transaction. */
export type Audit = (entry: AuditEntry) => Promise<void>;

export interface ApprovalContext {
  approvalId: number;
  requestedBy: { id: number; username: string };
  approvedBy: OperatorPrincipal;
  ctx: ServerContext;
}

export interface ApprovalOutcome {
  /** What changed, for the audit row of the approval. */
  after: unknown;
  /** Work to run after the approving transaction commits (e.g. re-settlement, live events). */
  afterCommit?: () => Promise<void>;
}

/**
 * A sensitive action that needs a second operator (four-eyes): one operator requests it with a
 * payload and a reason; a different operator holding `approvePermission` approves (the action runs
 * exactly once, inside the approving transaction) or rejects it.
 */
export interface ApprovalKind<P> {
  kind: string;
  /** Chinese label shown in the approval queue, e.g. 人工调整余额. */
  label: string;
  requestPermission: Permission;
  approvePermission: Permission;
  payload: z.ZodType<P>;
  /** One-line Chinese summary of a request, for the queue. */
  describe(payload: P): string;
  /** Checks at request time (throw an AppError to refuse); optional. */
  validate?(client: pg.PoolClient, payload: P): Promise<void>;
  execute(client: pg.PoolClient, payload: P, context: ApprovalContext): Promise<ApprovalOutcome>;
}

export interface ApprovalRequest {
  id: number;
  kind: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
}

export {
  operatorOf,
  withOperatorWrite,
  registerApprovalKind,
  requestApproval,
} from './implementation.ts';

// Signatures (implemented in ./implementation.ts):
//   operatorOf(request: FastifyRequest): OperatorPrincipal
//     — the operator of a request that passed the permission check (throws 401 otherwise).
//   withOperatorWrite<T>(ctx, request, work: (client, audit: Audit) => Promise<T>): Promise<T>
//     — one transaction; every write of `work` and its audit rows commit or roll back together.
//   registerApprovalKind<P>(kind: ApprovalKind<P>): void — at plugin registration.
//   requestApproval<P>(client, audit, operator, kind: string, payload: P, reason: string): Promise<ApprovalRequest>
//     — validates the payload and records a PENDING request (and its audit row) in the caller's transaction.
export type { FastifyRequest, ServerContext };

// The core endpoints as the core pages call them: query options (the one place their keys are
// written) and the writes.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  ApprovalListSchema,
  ApprovalResponseSchema,
  AuditListSchema,
  CORE_PATHS,
  CreatedOperatorSchema,
  OkSchema,
  OperatorListSchema,
  OperatorResponseSchema,
  OperatorSessionListSchema,
  ResetPasswordResponseSchema,
  type ApprovalListQuery,
  type AuditQuery,
  type CreateOperatorBody,
  type OperatorListQuery,
} from '../../../shared/backoffice/auth.ts';
import type { OperatorRole } from '../../../shared/backoffice/permissions.ts';
import { boGet, boSend } from '../../lib/api.ts';

/** '/operators/:id/sessions/:sessionId/revoke' with its parameters filled in. */
export function fillPath(template: string, params: Record<string, string | number>): string {
  return template.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(String(params[name])));
}

type Query = Record<string, string | number | boolean | undefined>;

export const coreKeys = {
  operators: ['backoffice', 'core', 'operators'] as const,
  approvals: ['backoffice', 'core', 'approvals'] as const,
  audit: ['backoffice', 'core', 'audit'] as const,
};

export const operatorListQuery = (query: OperatorListQuery) =>
  queryOptions({
    queryKey: [...coreKeys.operators, 'list', query],
    queryFn: ({ signal }) => boGet(CORE_PATHS.operators, OperatorListSchema, query as Query, signal),
    placeholderData: keepPreviousData,
  });

export const operatorSessionsQuery = (id: number) =>
  queryOptions({
    queryKey: [...coreKeys.operators, 'sessions', id],
    queryFn: ({ signal }) => boGet(fillPath(CORE_PATHS.operatorSessions, { id }), OperatorSessionListSchema, undefined, signal),
  });

export const approvalListQuery = (query: ApprovalListQuery) =>
  queryOptions({
    queryKey: [...coreKeys.approvals, query],
    queryFn: ({ signal }) => boGet(CORE_PATHS.approvals, ApprovalListSchema, query as Query, signal),
    placeholderData: keepPreviousData,
  });

export const auditQuery = (query: AuditQuery) =>
  queryOptions({
    queryKey: [...coreKeys.audit, query],
    queryFn: ({ signal }) => boGet(CORE_PATHS.audit, AuditListSchema, query as Query, signal),
    placeholderData: keepPreviousData,
  });

export const createOperator = (body: CreateOperatorBody) => boSend('POST', CORE_PATHS.operators, body, CreatedOperatorSchema);

export const changeRole = (id: number, role: OperatorRole, reason: string) =>
  boSend('PUT', fillPath(CORE_PATHS.operatorRole, { id }), { role, reason }, OperatorResponseSchema);

export const setDisabled = (id: number, disabled: boolean, reason: string) =>
  boSend('PUT', fillPath(CORE_PATHS.operatorDisabled, { id }), { disabled, reason }, OperatorResponseSchema);

export const resetPassword = (id: number, reason: string) =>
  boSend('PUT', fillPath(CORE_PATHS.operatorPassword, { id }), { reason }, ResetPasswordResponseSchema);

export const resetSecondFactor = (id: number, reason: string) =>
  boSend('POST', fillPath(CORE_PATHS.operatorSecondFactor, { id }), { reason }, OperatorResponseSchema);

export const revokeSession = (id: number, sessionId: number, reason: string) =>
  boSend('POST', fillPath(CORE_PATHS.operatorSessionRevoke, { id, sessionId }), { reason }, OkSchema);

export const approve = (id: number, reason: string) =>
  boSend('POST', fillPath(CORE_PATHS.approvalApprove, { id }), reason.trim() === '' ? {} : { reason }, ApprovalResponseSchema);

export const reject = (id: number, reason: string) => boSend('POST', fillPath(CORE_PATHS.approvalReject, { id }), { reason }, ApprovalResponseSchema);


import { OPERATOR_ROLE_LABELS, OPERATOR_ROLES, type OperatorRole } from '../../../../shared/backoffice/permissions.ts';

/** The role recorded in an audit row, in Chinese when it is one of today's roles. */
export function roleLabel(role: string): string {
  return (OPERATOR_ROLES as readonly string[]).includes(role) ? OPERATOR_ROLE_LABELS[role as OperatorRole] : role;
}

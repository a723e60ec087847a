import type { OperatorListItem } from '../../../../shared/backoffice/auth.ts';

export interface OperatorStatus {
  label: string;
  color: string;
}

/** The one status an operator row shows, the most limiting first. */
export function operatorStatus(operator: OperatorListItem, now = Date.now()): OperatorStatus {
  if (operator.disabled) return { label: '已停用', color: 'gray' };
  if (operator.lockedUntil && Date.parse(operator.lockedUntil) > now) return { label: '已锁定', color: 'red' };
  if (!operator.enrolled) return { label: '待绑定动态码', color: 'blue' };
  return { label: '正常', color: 'teal' };
}

// The pool total as spec §9's rolling number display: clamped to 0–999999.99, 2 decimals.
import { clampRollingDisplay, formatYuan } from '../../../shared/money.ts';

export function rollingAmount(amount: number): string {
  return `¥${formatYuan(clampRollingDisplay(amount))}`;
}

export function RollingTotal({ amount, testId }: { amount: number | undefined; testId?: string }) {
  return <span data-testid={testId}>{amount === undefined ? '¥—' : rollingAmount(amount)}</span>;
}

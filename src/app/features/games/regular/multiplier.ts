import { BET_MULTIPLIER_LIMIT } from '../../../../shared/validation/preferences.ts';

export type MultiplierCheck = { ok: true; value: number } | { ok: false; message: string };

/** Spec §9: greater than 0 and below 100000, a whole number, and within the method's maximum. */
export function checkMultiplier(text: string, methodMax: number): MultiplierCheck {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: '倍数必须为正整数' };
  const value = Number(trimmed);
  if (value <= 0 || value >= BET_MULTIPLIER_LIMIT) return { ok: false, message: '倍数必须大于 0 且小于 100000' };
  if (value > methodMax) return { ok: false, message: `倍数不能超过 ${methodMax}` };
  return { ok: true, value };
}

/** The recent multipliers list (spec §9: 5), newest first, without repeats. */
export function withRecentMultiplier(recent: readonly number[], used: number, limit: number): number[] {
  return [used, ...recent.filter((m) => m !== used)].slice(0, limit);
}

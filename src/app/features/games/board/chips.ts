/** Chips shown in a slot the player left empty (spec §3.4: 5 slots, each an integer or empty). */
export const DEFAULT_CHIPS = [10, 50, 100, 500, 1000] as const;
export const MAX_CHIP = 1_000_000;

export function chipValues(stored: readonly (number | null)[]): number[] {
  return DEFAULT_CHIPS.map((fallback, i) => stored[i] ?? fallback);
}

export function chipLabel(value: number): string {
  return value >= 10_000 && value % 10_000 === 0 ? `${value / 10_000}万` : String(value);
}

export type AmountCheck = { ok: true; yuan: number } | { ok: false; message: string };

/** 每注金额: whole 元, at least 1. */
export function checkAmount(text: string): AmountCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: '请输入每注金额' };
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: '每注金额必须为整数' };
  const value = Number(trimmed);
  if (value < 1) return { ok: false, message: '每注金额不能低于 1 元' };
  if (value > MAX_CHIP) return { ok: false, message: `每注金额不能高于 ${MAX_CHIP} 元` };
  return { ok: true, yuan: value };
}

/** A chip slot as typed in the settings: empty, or a whole amount within range. */
export function parseChipSlot(text: string): { ok: true; value: number | null } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, value: null };
  const check = checkAmount(text);
  return check.ok ? { ok: true, value: check.yuan } : { ok: false, message: check.message };
}

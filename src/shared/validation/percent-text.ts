// Percentages typed in a form ("1", "0.5", "1.25") as integer basis points (1 bp = 0.01 %), and back,
// through decimal text: a float never takes part, so 0.125 % can never silently become 13 bp.

export const PERCENT_TEXT_MESSAGE = '比例须为数字，最多两位小数（如 0.5 或 1.25）';

const PERCENT_TEXT = /^(\d+)(?:\.(\d{1,2}))?$/;

/** The basis points a percentage text stands for, or null unless it is digits with at most two decimals ('1e0', '0x1', '0.125', '-1', '' are refused). */
export function readPercentBp(text: string): number | null {
  const match = PERCENT_TEXT.exec(text);
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(bp) ? bp : null;
}

/** Basis points as the percentage text a field shows: 125 → "1.25", 150 → "1.5", 200 → "2". */
export function formatPercentBp(bp: number): string {
  const sign = bp < 0 ? '-' : '';
  const units = Math.abs(bp);
  const fraction = String(units % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${sign}${Math.floor(units / 100)}${fraction ? `.${fraction}` : ''}`;
}

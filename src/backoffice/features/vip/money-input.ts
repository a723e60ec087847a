import { formatYuan, MoneyError, parseYuan } from '../../../shared/money.ts';

/** '' ↔ null; otherwise 元 text ↔ 0.0001 元 units. */
export const yuanText = (amount: number | null) => (amount === null ? '' : formatYuan(amount));

export function parseOptionalYuan(text: string): number | null | 'invalid' {
  if (text.trim() === '') return null;
  try {
    return parseYuan(text.trim());
  } catch (error) {
    if (error instanceof MoneyError) return 'invalid';
    throw error;
  }
}

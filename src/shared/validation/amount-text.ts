// Reading what an amount field holds as Money, and writing Money back into messages, both through
// decimal text: a float never takes part, so 0.1 + 0.2 can only ever be 0.3.
import { MoneyError, parseYuan, UNITS_PER_YUAN, type Money } from '../money.ts';

/** What an amount field holds: the typed text, or a number from a numeric input or a button. */
export type AmountInput = string | number;

/**
 * The Money a form value stands for, or null when it is not a plain decimal of at most 4 places
 * ('1e3', 'NaN', 'Infinity', '0.30000000000000004' and values beyond the safe range are refused).
 */
export function readAmount(input: unknown): Money | null {
  if (typeof input === 'number' && !Number.isFinite(input)) return null;
  if (typeof input !== 'string' && typeof input !== 'number') return null;
  try {
    // `+ 0` turns the -0 of '-0' into 0.
    return parseYuan(String(input)) + 0;
  } catch (error) {
    if (error instanceof MoneyError) return null;
    throw error;
  }
}

/** "10", "0.5", "-1234.0001": every significant decimal, no trailing zeros, no grouping. */
export function formatAmountPlain(amount: Money): string {
  const sign = amount < 0 ? '-' : '';
  const units = Math.abs(amount);
  const whole = Math.floor(units / UNITS_PER_YUAN);
  const fraction = String(units % UNITS_PER_YUAN)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

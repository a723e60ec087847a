// Decimal text ⇄ the integers the server takes: 元 ⇄ 0.0001 元, odds ⇄ 1/10000, percent ⇄ 1/10000.
// Read as text, never through floats.
import { formatYuan, MoneyError, parseYuan, type Money } from '../../../shared/money.ts';

/** "12.5" (元) → Money, or null when it is not an amount of at most 4 decimals. */
export function yuanFromText(text: string): Money | null {
  try {
    return parseYuan(text);
  } catch (error) {
    if (error instanceof MoneyError) return null;
    throw error;
  }
}

export const yuanText = (amount: Money): string => formatYuan(amount).replace(/\.00$/, '');

/** "1.98" → 19800 with `decimals` places allowed; null when malformed. */
export function scaledFromText(text: string, scale: number, decimals: number): number | null {
  const match = new RegExp(`^(\\d{1,12})(?:\\.(\\d{1,${decimals}}))?$`).exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const value = Number(whole) * scale + Number(fraction.padEnd(Math.log10(scale), '0').slice(0, Math.log10(scale)));
  return Number.isSafeInteger(value) ? value : null;
}

/** 19800 → "1.98": an integer of 1/scale as a decimal without trailing zeros. */
export function scaledText(value: number, scale: number): string {
  const places = Math.round(Math.log10(scale));
  const whole = Math.floor(value / scale);
  const fraction = String(value % scale).padStart(places, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** Odds are 1/10000; 退水 is 1/10000 of the stake, shown as a percentage (1/100 of a per cent). */
export const oddsFromText = (text: string) => scaledFromText(text, 10_000, 4);
export const oddsText = (value: number) => scaledText(value, 10_000);
export const rebateFromText = (text: string) => scaledFromText(text, 100, 2);
export const rebateText = (value: number) => scaledText(value, 100);

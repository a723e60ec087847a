import { describe, expect, it } from 'vitest';
import {
  addMoney,
  applyMode,
  clampRollingDisplay,
  formatMoney,
  formatMoneyGrouped,
  formatYuan,
  MoneyError,
  multiplyMoney,
  parseYuan,
  regularStake,
  scaleMoney,
  yuan,
} from '../../src/shared/money.ts';

describe('money (integers of 0.0001 元)', () => {
  it('parses decimal 元 text without floats', () => {
    expect(parseYuan('12')).toBe(120_000);
    expect(parseYuan('0.1')).toBe(1_000);
    expect(parseYuan('0.2')).toBe(2_000);
    expect(addMoney(parseYuan('0.1'), parseYuan('0.2'))).toBe(parseYuan('0.3'));
    expect(parseYuan(' 1.2345 ')).toBe(12_345);
    expect(parseYuan('-0.5')).toBe(-5_000);
    expect(parseYuan('9007199254.7409')).toBe(90_071_992_547_409);
  });

  it('refuses text that is not a decimal amount of at most 4 places', () => {
    for (const bad of ['', 'abc', '1e3', '1.23456', 'NaN', 'Infinity', '1,000', '0x10', '.5']) {
      expect(() => parseYuan(bad), bad).toThrow(MoneyError);
    }
  });

  it('displays floored to 2 decimals with ¥ (0.999 → ¥0.99)', () => {
    expect(formatMoney(parseYuan('0.999'))).toBe('¥0.99');
    expect(formatMoney(parseYuan('0.9999'))).toBe('¥0.99');
    expect(formatMoney(parseYuan('1.005'))).toBe('¥1.00');
    expect(formatMoney(0)).toBe('¥0.00');
    expect(formatMoney(yuan(10_000))).toBe('¥10000.00');
    expect(formatMoney(parseYuan('-0.999'))).toBe('-¥0.99');
    expect(formatMoney(parseYuan('-0.0099'))).toBe('¥0.00');
    expect(formatYuan(parseYuan('123.4567'))).toBe('123.45');
    expect(formatMoneyGrouped(parseYuan('1234567.899'))).toBe('¥1,234,567.89');
  });

  it('computes regular-mode stakes exactly: bets × 2 元 × mode × multiplier', () => {
    expect(regularStake(1, 'YUAN', 1)).toBe(yuan(2));
    expect(regularStake(1, 'JIAO', 1)).toBe(parseYuan('0.2'));
    expect(regularStake(1, 'FEN', 1)).toBe(parseYuan('0.02'));
    expect(regularStake(1, 'LI', 1)).toBe(parseYuan('0.002'));
    expect(regularStake(7, 'LI', 3)).toBe(parseYuan('0.042'));
    expect(regularStake(120, 'JIAO', 99_999)).toBe(parseYuan('2399976'));
  });

  it('floors computed amounts to 0.0001 元, also beyond the safe-integer product range', () => {
    expect(applyMode(parseYuan('1666.6667'), 'LI')).toBe(16_666); // 1.6666667 → 1.6666
    expect(scaleMoney(10, 1, 3)).toBe(3);
    expect(scaleMoney(-10, 1, 3)).toBe(-4);
    expect(scaleMoney(9_000_000_000_000_000, 1950, 2000)).toBe(8_775_000_000_000_000);
    expect(() => multiplyMoney(1, 0.5)).toThrow(MoneyError);
  });

  it('clamps the rolling display to 0–999999.99', () => {
    expect(clampRollingDisplay(yuan(2_000_000))).toBe(parseYuan('999999.99'));
    expect(clampRollingDisplay(-5)).toBe(0);
  });
});

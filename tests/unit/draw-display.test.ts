import { describe, expect, it } from 'vitest';
import { displayResult, formatResultText, shortDrawNumber } from '../../src/shared/draws/display.ts';

describe('draw result display per category', () => {
  it('shows digits, dice and balls in their formats', () => {
    expect(formatResultText('CQSSC', [1, 0, 9, 3, 3])).toBe('1,0,9,3,3');
    expect(formatResultText('FC3D', [0, 0, 7])).toBe('0,0,7');
    expect(displayResult('JSK3', [1, 3, 6])).toMatchObject({ text: '1,3,6', summary: '和值 10' });
    expect(formatResultText('GD11X5', [11, 2, 7, 1, 5])).toBe('11,02,07,01,05');
    expect(formatResultText('BJPK10', [10, 1, 2, 3, 4, 5, 6, 7, 8, 9])).toBe('10,01,02,03,04,05,06,07,08,09');
  });

  it('separates the special number, the blue ball and the back zone, sorting what players read sorted', () => {
    expect(formatResultText('MARK6', [49, 1, 12, 23, 34, 45, 7])).toBe('49,01,12,23,34,45+07');
    expect(displayResult('MARK6', [49, 1, 12, 23, 34, 45, 7]).balls.at(-1)).toEqual({ text: '07', zone: 'special' });
    expect(formatResultText('SSQ', [33, 1, 5, 17, 9, 2, 16])).toBe('01,02,05,09,17,33+16');
    expect(formatResultText('DLT', [35, 1, 5, 17, 9, 12, 2])).toBe('01,05,09,17,35+02,12');
  });

  it('derives PC蛋蛋 digits per lottery (加拿大28 uses the BCLC positions)', () => {
    const draw = [7, 8, 14, 16, 17, 22, 26, 34, 39, 41, 42, 48, 54, 58, 63, 64, 69, 72, 73, 79];
    expect(formatResultText('JND28', draw)).toBe('8+8+4=20');
    expect(formatResultText('UU28', draw)).toBe('4+0+0=4');
  });

  it('sums keno and sorts its 20 numbers', () => {
    const draw = Array.from({ length: 20 }, (_, i) => 80 - i * 3);
    const shown = displayResult('UUFFKENO', draw);
    expect(shown.balls[0]!.text).toBe('23');
    expect(shown.summary).toBe(`总和 ${draw.reduce((a, b) => a + b, 0)}`);
  });
});

describe('short draw number (spec §9)', () => {
  it('is the part after the first hyphen, else the last 3 characters', () => {
    expect(shortDrawNumber('20261122-022')).toBe('022');
    expect(shortDrawNumber('2026-11-22')).toBe('11-22');
    expect(shortDrawNumber('202611220345')).toBe('345');
    expect(shortDrawNumber('26/014')).toBe('014');
    expect(shortDrawNumber('12')).toBe('12');
  });
});

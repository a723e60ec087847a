// Derived chart values and the picker's 遗漏/冷热 against brute-force oracles: every value is read off
// the numbers by enumeration or plain definitions (sorting, counting), never through the code under test.
import { describe, expect, it } from 'vitest';
import { currentOmission, hitCounts } from '../../src/shared/charts/index.ts';
import { bigSmallOddEven, dragonTiger, spanOf, specialForm, sumOf, threeDigitForm } from '../../src/shared/charts/derived.ts';

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALL_THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => [Math.floor(n / 100), Math.floor(n / 10) % 10, n % 10]);

describe('sum and span', () => {
  it('match the plain definitions for every three digits', () => {
    for (const d of ALL_THREE_DIGITS) {
      expect(sumOf(d)).toBe(d[0]! + d[1]! + d[2]!);
      const sorted = [...d].sort((a, b) => a - b);
      expect(spanOf(d)).toBe(sorted[2]! - sorted[0]!);
    }
  });
});

describe('形态 of three digits', () => {
  it('counts 10 豹子, 270 组三 and 720 组六, by the equal pairs', () => {
    const tally: Record<string, number> = {};
    for (const [a, b, c] of ALL_THREE_DIGITS) {
      const equalPairs = Number(a === b) + Number(b === c) + Number(a === c);
      const expected = equalPairs === 3 ? '豹子' : equalPairs === 1 ? '组三' : '组六';
      const form = threeDigitForm([a!, b!, c!]);
      expect(form).toBe(expected);
      tally[form] = (tally[form] ?? 0) + 1;
    }
    expect(tally).toEqual({ 豹子: 10, 组三: 270, 组六: 720 });
  });

  it('特殊号: 顺子 are the 10 runs of three (890 and 901 included) in any order: 60 draws', () => {
    const runs = Array.from({ length: 10 }, (_, s) => [s, (s + 1) % 10, (s + 2) % 10].sort().join(''));
    const tally: Record<string, number> = {};
    for (const d of ALL_THREE_DIGITS) {
      const key = [...d].sort().join('');
      const distinct = new Set(d).size;
      const expected = distinct === 1 ? '豹子' : distinct === 2 ? '对子' : runs.includes(key) ? '顺子' : null;
      const form = specialForm(d);
      expect(form).toBe(expected);
      tally[String(form)] = (tally[String(form)] ?? 0) + 1;
    }
    expect(tally).toEqual({ 豹子: 10, 对子: 270, 顺子: 60, null: 660 });
  });
});

describe('大小单双', () => {
  // The 大 numbers of each range, listed by hand.
  const cases = [
    { name: 'digits', min: 0, max: 9, big: [5, 6, 7, 8, 9] },
    { name: 'PK10', min: 1, max: 10, big: [6, 7, 8, 9, 10] },
    { name: '11选5', min: 1, max: 11, big: [6, 7, 8, 9, 10, 11] },
    { name: '快3 sum', min: 3, max: 18, big: [11, 12, 13, 14, 15, 16, 17, 18] },
    { name: '三星和值', min: 0, max: 27, big: Array.from({ length: 14 }, (_, i) => 14 + i) },
  ];
  for (const { name, min, max, big } of cases) {
    it(`splits ${name} into halves and odd/even`, () => {
      for (let n = min; n <= max; n++) {
        expect(bigSmallOddEven(n, min, max)).toEqual([big.includes(n) ? '大' : '小', n % 2 === 1 ? '单' : '双']);
      }
      const bigCount = Array.from({ length: max - min + 1 }, (_, i) => min + i).filter((n) => bigSmallOddEven(n, min, max)[0] === '大').length;
      expect(bigCount).toBe(Math.ceil((max - min + 1) / 2));
    });
  }
});

describe('龙虎', () => {
  it('is 45 龙, 45 虎 and 10 和 over all digit pairs', () => {
    const tally: Record<string, number> = {};
    for (let a = 0; a < 10; a++) {
      for (let b = 0; b < 10; b++) {
        const result = dragonTiger(a, b);
        expect(result).toBe(a > b ? '龙' : a < b ? '虎' : '和');
        tally[result] = (tally[result] ?? 0) + 1;
      }
    }
    expect(tally).toEqual({ 龙: 45, 虎: 45, 和: 10 });
  });
});

describe('遗漏 now and 冷热', () => {
  const random = mulberry32(18);
  const draws = Array.from({ length: 300 }, () => Array.from({ length: 5 }, () => Math.floor(random() * 10)));
  const digits = Array.from({ length: 10 }, (_, i) => i);

  for (const position of [0, 2, 4]) {
    it(`position ${position}: omission is the index of the newest draw with the digit, hot the draws with it`, () => {
      for (const length of [0, 1, 7, 50, 300]) {
        const newestFirst = draws.slice(0, length);
        const omission = currentOmission(newestFirst, digits, (r) => [r[position]!]);
        for (const d of digits) {
          let expected: number | null = null;
          for (let i = newestFirst.length - 1; i >= 0; i--) if (newestFirst[i]![position] === d) expected = i;
          expect(omission[d]).toBe(expected);
        }
        for (const window of [1, 10, 50, 1000]) {
          const hot = hitCounts(newestFirst, digits, (r) => [r[position]!], window);
          for (const d of digits) {
            expect(hot[d]).toBe(newestFirst.slice(0, window).filter((r) => r[position] === d).length);
          }
        }
      }
    });
  }

  it('a draw with a number twice counts once; values the reader never gives stay missing', () => {
    const newestFirst = [[7, 7, 7, 1, 2], [3, 3, 4, 5, 6], [7, 0, 0, 0, 0]];
    const anywhere = (r: readonly number[]) => r;
    expect(hitCounts(newestFirst, [7, 3, 0, 9], anywhere, 3)).toEqual([2, 1, 1, 0]);
    expect(currentOmission(newestFirst, [7, 3, 0, 9], anywhere)).toEqual([0, 1, 2, null]);
  });

  it('works on named items (大小单双 of the first digit)', () => {
    const items = ['大', '小', '单', '双'];
    const reader = (r: readonly number[]) => bigSmallOddEven(r[0]!, 0, 9);
    const newestFirst = draws.slice(0, 40);
    const omission = currentOmission(newestFirst, items, reader);
    const hot = hitCounts(newestFirst, items, reader, 40);
    const is: Record<string, (n: number) => boolean> = { 大: (n) => n >= 5, 小: (n) => n <= 4, 单: (n) => n % 2 === 1, 双: (n) => n % 2 === 0 };
    items.forEach((item, i) => {
      const index = newestFirst.findIndex((r) => is[item]!(r[0]!));
      expect(omission[i]).toBe(index === -1 ? null : index);
      expect(hot[i]).toBe(newestFirst.filter((r) => is[item]!(r[0]!)).length);
    });
  });
});

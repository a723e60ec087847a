// Chi-square goodness-of-fit of derived results for every result format: each position of a result,
// and the values of each zone taken together, are uniform. 20,000 results per format from a fixed
// seed chain (deterministic); 99 % confidence per format, Bonferroni over its tests (values and
// degrees of freedom in docs/fairness.md).
import { describe, expect, it } from 'vitest';
import { chiSquareCriticalValue, chiSquareSurvival, chiSquareUniform } from './support/chi-square.ts';
import { DERIVATION_TIMEOUT, deriveMany, failingTests, uniformityTests } from './support/uniformity.ts';

const DRAWS = 20_000;
const TERMINAL_SEED = 'c0ffee'.repeat(10) + 'c0ff';

describe('the chi-square helper', () => {
  it.each([
    [5, 15.086],
    [9, 21.666],
    [10, 23.209],
    [11, 24.725],
    [15, 30.578],
    [32, 53.486],
    [34, 56.061],
    [48, 73.683],
    [79, 111.144],
  ])('df %i: the critical value at the 0.01 level is %s (published tables)', (df, value) => {
    expect(chiSquareCriticalValue(df, 0.01)).toBeCloseTo(value, 2);
    expect(chiSquareSurvival(value, df)).toBeCloseTo(0.01, 4);
  });

  it('computes Pearson’s statistic', () => {
    expect(chiSquareUniform([10, 10, 10, 10])).toBe(0);
    expect(chiSquareUniform([20, 0])).toBe(20);
  });
});

describe.each([
  ['UUFFC', 'SSC：5 位 0–9'],
  ['UU11X5', '11选5：1–11 取 5'],
  ['UU3D', '3D：3 位 0–9'],
  ['UUPK10', 'PK10：1–10 全排列'],
  ['UUK3', '快3：3 颗骰子'],
  ['UU28', 'PC蛋蛋：1–80 取 20'],
  ['UUMARK6', '六合彩：1–49 取 7'],
  ['UUFFKENO', '快乐8：1–80 取 20'],
  ['UUSSQ', '双色球：红 1–33 取 6 + 蓝 1–16'],
  ['UUDLT', '大乐透：前 1–35 取 5 + 后 1–12 取 2'],
])('%s (%s)', (drawType) => {
  it(`every position and every value is uniform over ${DRAWS} draws`, async () => {
    const results = await deriveMany(drawType, DRAWS, TERMINAL_SEED);
    expect(failingTests(uniformityTests(drawType, results))).toEqual([]);
  }, DERIVATION_TIMEOUT);
});

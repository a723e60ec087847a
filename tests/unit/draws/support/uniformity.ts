// The uniformity test shared by the chi-square test files: derive many results with fixed seeds, then
// a chi-square goodness-of-fit per position of the result (each position is uniform over its zone).
import { buildHashChain, derivePeriodicDraw, resultZonesOf } from '../../../../src/shared/draws/index.ts';
import type { SamplerFactory } from '../../../../src/shared/draws/fairness/derive-draw.ts';
import { chiSquareCriticalValue, chiSquareUniform } from './chi-square.ts';

/** Family-wise significance per result format, split evenly over its tests (Bonferroni). */
export const SIGNIFICANCE = 0.01;

/**
 * Tens of thousands of HMAC derivations take seconds alone and several times that while the other test
 * files share the two cores, far past vitest's 5 s default: this is correctness, not a speed limit.
 */
export const DERIVATION_TIMEOUT = 180_000;

const BATCH = 200;

const chains = new Map<string, Promise<readonly string[]>>();

/** The seeds of a chain from a fixed terminal seed, built once per test file and length. */
function seedChain(terminalSeed: string, count: number): Promise<readonly string[]> {
  const key = `${terminalSeed}:${count}`;
  let seeds = chains.get(key);
  if (!seeds) {
    seeds = buildHashChain(terminalSeed, count).then((chain) => chain.seeds);
    chains.set(key, seeds);
  }
  return seeds;
}

/** `count` results of `drawType`, issue i drawn with seed i of a chain from a fixed terminal seed. */
export async function deriveMany(
  drawType: string,
  count: number,
  terminalSeed: string,
  samplerFactory?: SamplerFactory,
): Promise<number[][]> {
  const seeds = await seedChain(terminalSeed, count);
  const results: number[][] = [];
  for (let start = 0; start < count; start += BATCH) {
    const batch = seeds.slice(start, start + BATCH).map(async (seed, i) => {
      const input = { drawType, issueNumber: String(10_000_000 + start + i), seed };
      return (await derivePeriodicDraw(input, samplerFactory)).result;
    });
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

export interface UniformityTest {
  /** `position`: one position of the result; `value`: how often each number occurs anywhere in a zone. */
  kind: 'position' | 'value';
  /** The position, or the zone index. */
  index: number;
  degreesOfFreedom: number;
  statistic: number;
  criticalValue: number;
}

/**
 * A chi-square test per position, each uniform over its zone, and one per zone over all its values.
 * Positions of digits and dice are independent draws, so the pooled value test is exact for them and
 * has the power of all positions together; for balls drawn without replacement the pooled counts
 * vary less than a multinomial's, which makes that test conservative (it can only reject less often).
 */
export function uniformityTests(drawType: string, results: readonly number[][]): UniformityTest[] {
  const zones = resultZonesOf(drawType);
  const positions = zones.flatMap((zone, zoneIndex) =>
    Array.from({ length: zone.count }, () => ({ zoneIndex, min: zone.min, size: zone.max - zone.min + 1 })),
  );
  const alpha = SIGNIFICANCE / (positions.length + zones.length);
  const test = (kind: UniformityTest['kind'], index: number, counts: number[]): UniformityTest => ({
    kind,
    index,
    degreesOfFreedom: counts.length - 1,
    statistic: chiSquareUniform(counts),
    criticalValue: chiSquareCriticalValue(counts.length - 1, alpha),
  });
  const positionCounts = positions.map(({ size }) => new Array<number>(size).fill(0));
  const valueCounts = zones.map((zone) => new Array<number>(zone.max - zone.min + 1).fill(0));
  for (const result of results) {
    positions.forEach(({ zoneIndex, min }, position) => {
      const cell = (result[position] as number) - min;
      positionCounts[position]![cell]! += 1;
      valueCounts[zoneIndex]![cell]! += 1;
    });
  }
  return [
    ...positionCounts.map((counts, position) => test('position', position, counts)),
    ...valueCounts.map((counts, zone) => test('value', zone, counts)),
  ];
}

export function failingTests(tests: readonly UniformityTest[]): UniformityTest[] {
  return tests.filter((t) => t.statistic >= t.criticalValue);
}

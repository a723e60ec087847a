// The chi-square test can fail: the same test rejects a sampler that maps bytes with `byte % n`
// instead of rejection sampling. For n = 80 the first 16 values get 4/256 instead of 3/256, plain to
// see in 20,000 draws; for digits (26/256 against 25/256) 40,000 draws are enough once the positions
// are pooled. (Dice, 11选5 and PK10 ranges are too gently biased to show at these sizes: see
// docs/fairness.md.)
import { describe, expect, it } from 'vitest';
import type { SamplerFactory } from '../../../src/shared/draws/fairness/derive-draw.ts';
import { DERIVATION_TIMEOUT, deriveMany, failingTests, uniformityTests } from './support/uniformity.ts';

const TERMINAL_SEED = 'b1a5'.repeat(16);

const moduloSampler: SamplerFactory = (bytes) => async (range) => (range === 1 ? 0 : (await bytes.nextByte()).byte % range);

describe('a modulo-biased sampler fails the uniformity test', () => {
  it.each([
    ['UUFFKENO', 20_000],
    ['UU28', 20_000],
    ['UUMARK6', 20_000],
    ['UUSSQ', 20_000],
    ['UUDLT', 20_000],
    ['UUFFC', 40_000],
    ['UU3D', 40_000],
  ])('%s over %i draws', async (drawType, draws) => {
    const results = await deriveMany(drawType, draws, TERMINAL_SEED, moduloSampler);
    expect(failingTests(uniformityTests(drawType, results)).length).toBeGreaterThan(0);
  }, DERIVATION_TIMEOUT);

  it('while rejection sampling passes with the same seeds (UUFFC, 40,000 draws)', async () => {
    const results = await deriveMany('UUFFC', 40_000, TERMINAL_SEED);
    expect(failingTests(uniformityTests('UUFFC', results))).toEqual([]);
  }, DERIVATION_TIMEOUT);
});

// The red-packet split (src/shared/red-packets/split.ts): sums to the budget, stays within bounds, is
// a function of the seed alone; on tiny cases every feasible split can come out and nothing else does.
// The commitment matches an independent SHA-256, and the terminal verifier passes and fails as it should.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { main as verifyCommand } from '../../scripts/verify/red-packet.ts';
import { redPacketCommitment, splitProblem, splitRedPacket } from '../../src/shared/red-packets/split.ts';
import { verifyRedPacket } from '../../src/shared/red-packets/verify.ts';

const FEN = 100;
const seedArbitrary = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('hex'));

const randomCase = fc
  .record({ count: fc.integer({ min: 1, max: 60 }), minFen: fc.integer({ min: 1, max: 500 }), spread: fc.integer({ min: 0, max: 2_000 }), fill: fc.double({ min: 0, max: 1, noNaN: true }) })
  .map(({ count, minFen, spread, fill }) => {
    const maxFen = minFen + spread;
    const budgetFen = count * minFen + Math.floor(fill * count * spread);
    return { count, min: minFen * FEN, max: maxFen * FEN, budget: budgetFen * FEN };
  });

describe('splitRedPacket', () => {
  it('RANDOM: sums exactly to the budget, each amount within bounds and in whole 分, the same for the same seed', async () => {
    await fc.assert(
      fc.asyncProperty(seedArbitrary, randomCase, fc.integer({ min: 1, max: 1_000_000 }), async (seed, parameters, id) => {
        const input = { id, rule: 'RANDOM' as const, ...parameters };
        expect(splitProblem(input)).toBeNull();
        const { amounts } = await splitRedPacket(seed, input);
        expect(amounts).toHaveLength(parameters.count);
        expect(amounts.reduce((a, b) => a + b, 0)).toBe(parameters.budget);
        for (const amount of amounts) {
          expect(amount).toBeGreaterThanOrEqual(parameters.min);
          expect(amount).toBeLessThanOrEqual(parameters.max);
          expect(amount % FEN).toBe(0);
        }
        expect((await splitRedPacket(seed, input)).amounts).toEqual(amounts);
      }),
      { numRuns: 150 },
    );
  });

  it('depends on the seed and on the packet id', async () => {
    const input = { id: 7, rule: 'RANDOM' as const, budget: 1_000_000, count: 10, min: 10_000, max: 200_000 };
    const a = await splitRedPacket('aa'.repeat(32), input);
    expect((await splitRedPacket('ab'.repeat(32), input)).amounts).not.toEqual(a.amounts);
    expect((await splitRedPacket('aa'.repeat(32), { ...input, id: 8 })).amounts).not.toEqual(a.amounts);
  });

  it('brute force on tiny cases: every feasible split appears, and only those', async () => {
    // 5 分 in 2 packets of 1–4 分: [1,4] [2,3] [3,2] [4,1]; 6 分 in 3 packets of 1–3 分: 7 compositions.
    for (const [budgetFen, count, minFen, maxFen] of [
      [5, 2, 1, 4],
      [6, 3, 1, 3],
    ] as const) {
      const feasible = new Set<string>();
      const walk = (prefix: number[], left: number) => {
        if (prefix.length === count) return left === 0 && feasible.add(prefix.join(','));
        for (let a = minFen; a <= maxFen; a++) walk([...prefix, a], left - a);
      };
      walk([], budgetFen);
      const seen = new Set<string>();
      for (let i = 0; i < 400; i++) {
        const seed = createHash('sha256').update(`tiny-${budgetFen}-${i}`).digest('hex');
        const { amounts } = await splitRedPacket(seed, { id: 1, rule: 'RANDOM', budget: budgetFen * FEN, count, min: minFen * FEN, max: maxFen * FEN });
        seen.add(amounts.map((a) => a / FEN).join(','));
      }
      expect([...seen].sort()).toEqual([...feasible].sort());
    }
  });

  it('FIXED: budget ÷ count each, no randomness', async () => {
    const { amounts } = await splitRedPacket('00'.repeat(32), { id: 1, rule: 'FIXED', budget: 300_000, count: 3 });
    expect(amounts).toEqual([100_000, 100_000, 100_000]);
    expect(splitProblem({ rule: 'FIXED', budget: 100_000, count: 3 })).toBe('固定金额红包的总额须能按分平均分给每个红包');
  });

  it('refuses what cannot be split, in Chinese', () => {
    expect(splitProblem({ rule: 'RANDOM', budget: 100_000, count: 2, min: 60_000, max: 90_000 })).toBe('红包总额不足以让每个红包都达到最小金额');
    expect(splitProblem({ rule: 'RANDOM', budget: 100_000, count: 2, min: 10_000, max: 40_000 })).toBe('红包总额超过了每个红包最大金额之和');
    expect(splitProblem({ rule: 'RANDOM', budget: 100_000, count: 2, min: 40_000, max: 30_000 })).toBe('单个红包最大金额不能小于最小金额');
    expect(splitProblem({ rule: 'RANDOM', budget: 100_050, count: 2, min: 10_000, max: 90_000 })).toBe('红包总额须为大于 0 的金额，精确到分');
    expect(splitProblem({ rule: 'FIXED', budget: 100_000, count: 0 })).toMatch(/红包个数/);
  });
});

describe('the commitment and the verifiers', () => {
  const seed = 'aa'.repeat(32);
  const input = { id: 42, rule: 'RANDOM' as const, budget: 500_000, count: 5, min: 50_000, max: 150_000 };

  it('commits to SHA-256(seed bytes ‖ "red-packet:" ‖ id)', async () => {
    const expected = createHash('sha256').update(Buffer.concat([Buffer.from(seed, 'hex'), Buffer.from('red-packet:42')])).digest('hex');
    expect(await redPacketCommitment(seed, 42)).toBe(expected);
  });

  it('verifyRedPacket passes the true claims and fails a changed one', async () => {
    const commitment = await redPacketCommitment(seed, 42);
    const { amounts } = await splitRedPacket(seed, input);
    expect((await verifyRedPacket({ ...input, seed, commitment, claimedAmounts: amounts.slice(0, 3) })).verdict).toBe('PASS');
    expect((await verifyRedPacket({ ...input, seed, commitment, claimedAmounts: [amounts[1]!] })).verdict).toBe(amounts[0] === amounts[1] ? 'PASS' : 'FAIL');
    expect((await verifyRedPacket({ ...input, seed, commitment: 'bb'.repeat(32) })).verdict).toBe('FAIL');
  });

  it('the terminal command prints its steps and exits 0 when everything matches, 1 otherwise', async () => {
    const commitment = await redPacketCommitment(seed, 42);
    const { amounts } = await splitRedPacket(seed, input);
    const yuanList = amounts.map((a) => (a / 10_000).toFixed(2)).join(',');
    const lines: string[] = [];
    const args = ['--id', '42', '--seed', seed, '--budget', '50', '--count', '5', '--rule', 'RANDOM', '--min', '5', '--max', '15', '--commitment', commitment];
    expect(await verifyCommand([...args, '--amounts', yuanList], (line = '') => lines.push(line))).toBe(0);
    expect(lines.join('\n')).toContain('✓ 1. 承诺');
    expect(lines.join('\n')).toContain('全部一致');
    const tampered = [(amounts[0]! / 10_000 + 0.01).toFixed(2), ...yuanList.split(',').slice(1)].join(',');
    expect(await verifyCommand([...args, '--amounts', tampered], () => {})).toBe(1);
    expect(await verifyCommand(['--id', '42', '--seed', 'zz', '--budget', '50', '--count', '5', '--rule', 'FIXED'], () => {})).toBe(1);
    expect(await verifyCommand(['--id', 'x'], () => {})).toBe(1);
    expect(await verifyCommand(['--help'], () => {})).toBe(0);
  });
});

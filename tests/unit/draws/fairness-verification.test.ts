// Verification: a whole simulated day of platform draws verifies from the revealed seeds; any change
// of seed, beacon, result or commitment fails.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildHashChain,
  chainCommitment,
  chainSeed,
  commitmentOf,
  deriveInstantDraw,
  derivePeriodicDraw,
  describeStep,
  hashRepeatedly,
  issuesOfSalesDay,
  verifyInstantDraw,
  verifyPeriodicDraw,
  type HashChain,
} from '../../../src/shared/draws/index.ts';

const TERMINAL_SEED = '5eed'.repeat(16);

describe('hash chain', () => {
  it('each seed hashes to the one before it, and seed_i hashed i times is the anchor', async () => {
    const chain = await buildHashChain(TERMINAL_SEED, 5);
    expect(chain.seeds.at(-1)).toBe(TERMINAL_SEED);
    const links = [chain.anchor, ...chain.seeds];
    for (let i = 1; i < links.length; i++) expect(await commitmentOf(links[i] as string)).toBe(links[i - 1]);
    for (const [i, seed] of chain.seeds.entries()) expect(await hashRepeatedly(seed, i + 1)).toBe(chain.anchor);
    expect([1, 2, 5].map((p) => [chainSeed(chain, p), chainCommitment(chain, p)])).toEqual([
      [links[1], chain.anchor],
      [links[2], links[1]],
      [links[5], links[4]],
    ]);
    expect(() => chainSeed(chain, 6)).toThrow(RangeError);
    expect(() => chainCommitment(chain, 0)).toThrow(RangeError);
  });
});

describe('a simulated day of UUFFC: 1440 issues drawn and verified', () => {
  const issues = issuesOfSalesDay('UUFFC', '2026-11-22');
  let chain: HashChain;
  let published: number[][];

  beforeAll(async () => {
    chain = await buildHashChain(TERMINAL_SEED, issues.length);
    published = await Promise.all(
      issues.map(async (issue, i) => {
        const { result } = await derivePeriodicDraw({
          drawType: 'UUFFC',
          issueNumber: issue.issueNumber,
          seed: chain.seeds[i] as string,
        });
        return result;
      }),
    );
  });

  it('every result verifies against its commitment (the previous link) and its published numbers', async () => {
    const verdicts = await Promise.all(
      issues.map(async (issue, i) => {
        const verification = await verifyPeriodicDraw({
          drawType: 'UUFFC',
          issueNumber: issue.issueNumber,
          seed: chainSeed(chain, i + 1),
          commitment: chainCommitment(chain, i + 1),
          publishedResult: published[i],
        });
        return verification.verdict;
      }),
    );
    expect(verdicts).toEqual(issues.map(() => 'PASS'));
  });

  it('a seed is also verified against the chain anchor by its position', async () => {
    for (const position of [1, 2, 720, 1440]) {
      const verification = await verifyPeriodicDraw({
        drawType: 'UUFFC',
        issueNumber: issues[position - 1]!.issueNumber,
        seed: chain.seeds[position - 1] as string,
        chainAnchor: { hash: chain.anchor, distance: position },
      });
      expect(verification.verdict).toBe('PASS');
    }
    const wrongPosition = await verifyPeriodicDraw({
      drawType: 'UUFFC',
      issueNumber: issues[9]!.issueNumber,
      seed: chain.seeds[9] as string,
      chainAnchor: { hash: chain.anchor, distance: 9 },
    });
    expect(wrongPosition.verdict).toBe('FAIL');
  });

  it('a result drawn for one issue does not verify for another', async () => {
    const verification = await verifyPeriodicDraw({
      drawType: 'UUFFC',
      issueNumber: issues[1]!.issueNumber,
      seed: chain.seeds[0] as string,
      commitment: chain.anchor,
      publishedResult: published[0],
    });
    expect(verification.checks.map((c) => [c.kind, c.passed])).toEqual([
      ['COMMITMENT', true],
      ['RESULT', false],
    ]);
  });
});

describe('tampering fails verification', () => {
  const seed = 'ab'.repeat(32);
  const beacon = '0123456789abcdef'.repeat(4);
  const base = { drawType: 'UUSSQ', issueNumber: '20261122100', seed, beacon };
  let commitment: string;
  let result: number[];

  beforeAll(async () => {
    commitment = await commitmentOf(seed);
    ({ result } = await derivePeriodicDraw(base));
  });

  it('the honest draw passes, with steps and Chinese descriptions', async () => {
    const verification = await verifyPeriodicDraw({ ...base, commitment, publishedResult: result });
    expect(verification.verdict).toBe('PASS');
    expect(verification.summary).toBe('验证通过：种子承诺、开奖号码均一致');
    const kinds = new Set(verification.steps.map((s) => s.kind));
    expect(kinds).toEqual(new Set(['zone', 'block', 'sample', 'swap']));
    expect(verification.steps.map(describeStep)[0]).toBe('红球：从 1–33 中不放回抽取（Fisher–Yates 洗牌） 6 个');
    expect(verification.checks.map((c) => c.description)).toEqual([
      `SHA-256(种子) = ${commitment}，与公布的承诺一致`,
      `重新计算的开奖号码 ${result.join(',')}（按开出顺序）与公布的开奖号码一致`,
    ]);
  });

  it('a changed seed fails both the commitment and the result', async () => {
    const verification = await verifyPeriodicDraw({ ...base, seed: 'ac'.repeat(32), commitment, publishedResult: result });
    expect(verification.verdict).toBe('FAIL');
    expect(verification.checks.map((c) => c.passed)).toEqual([false, false]);
    expect(verification.summary).toBe('验证失败：种子承诺、开奖号码不符');
  });

  it('a changed or missing beacon fails the result', async () => {
    for (const changed of ['1123456789abcdef'.repeat(4), undefined]) {
      const verification = await verifyPeriodicDraw({ ...base, beacon: changed, commitment, publishedResult: result });
      expect(verification.verdict).toBe('FAIL');
      expect(verification.checks.map((c) => [c.kind, c.passed])).toEqual([
        ['COMMITMENT', true],
        ['RESULT', false],
      ]);
    }
  });

  it('a changed result fails, and so does the same numbers in another order', async () => {
    const changed = [...result];
    changed[6] = (changed[6] as number) === 16 ? 15 : (changed[6] as number) + 1;
    const sortedRed = [...result.slice(0, 6)].sort((a, b) => a - b);
    const reordered = sortedRed.join() === result.slice(0, 6).join() ? [...sortedRed].reverse() : sortedRed;
    for (const published of [changed, [...reordered, result[6] as number]]) {
      expect((await verifyPeriodicDraw({ ...base, commitment, publishedResult: published })).verdict).toBe('FAIL');
    }
  });

  it('a seed that does not match the commitment fails even with the right result', async () => {
    const verification = await verifyPeriodicDraw({ ...base, commitment: 'cd'.repeat(32), publishedResult: result });
    expect(verification.verdict).toBe('FAIL');
    expect(verification.checks[0]?.description).toContain('不一致');
  });

  it('with nothing published to compare, the verdict says so', async () => {
    const verification = await verifyPeriodicDraw(base);
    expect(verification).toMatchObject({ verdict: 'UNCHECKED', checks: [], result });
  });
});

describe('instant draws', () => {
  const serverSeed = '9f'.repeat(32);
  const base = { drawType: 'MKPK10', serverSeed, clientSeed: '我的种子', nonce: 12 };

  it('verify against the server-seed hash shown before the bet', async () => {
    const serverSeedHash = await commitmentOf(serverSeed);
    const { result } = await deriveInstantDraw(base);
    expect((await verifyInstantDraw({ ...base, serverSeedHash, publishedResult: result })).verdict).toBe('PASS');
    expect((await verifyInstantDraw({ ...base, nonce: 13, serverSeedHash, publishedResult: result })).verdict).toBe('FAIL');
    expect((await verifyInstantDraw({ ...base, clientSeed: 'x', serverSeedHash, publishedResult: result })).verdict).toBe(
      'FAIL',
    );
    const wrongHash = await verifyInstantDraw({ ...base, serverSeedHash: '00'.repeat(32), publishedResult: result });
    expect(wrongHash.verdict).toBe('FAIL');
    expect(wrongHash.checks[0]?.description).toContain('下注前公布的服务器种子哈希');
  });
});

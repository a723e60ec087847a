// Verification: a whole simulated day of platform draws verifies from the revealed seeds (per-issue
// commitment, chain link, chain anchor, result); any change of seed, 期号, beacon, result or commitment
// fails.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildHashChain,
  chainSeed,
  deriveInstantDraw,
  derivePeriodicDraw,
  describeStep,
  hashRepeatedly,
  issueCommitment,
  issueCommitmentMessage,
  issuesOfSalesDay,
  seedHash,
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
    for (let i = 1; i < links.length; i++) expect(await seedHash(links[i] as string)).toBe(links[i - 1]);
    for (const [i, seed] of chain.seeds.entries()) expect(await hashRepeatedly(seed, i + 1)).toBe(chain.anchor);
    expect([1, 2, 5].map((p) => chainSeed(chain, p))).toEqual([links[1], links[2], links[5]]);
    expect(() => chainSeed(chain, 6)).toThrow(RangeError);
    expect(() => chainSeed(chain, 0)).toThrow(RangeError);
  });
});

describe('per-issue commitment SHA-256(seed ‖ 期号)', () => {
  const seed = 'aa'.repeat(32);

  it('hashes the 32 seed bytes followed by the UTF-8 期号 (known answer, also `sha256sum` in docs/fairness.md)', async () => {
    const message = issueCommitmentMessage(seed, '202611220001');
    expect(message.length).toBe(32 + 12);
    expect(Array.from(message.slice(0, 32))).toEqual(new Array(32).fill(0xaa));
    expect(new TextDecoder().decode(message.slice(32))).toBe('202611220001');
    expect(await issueCommitment(seed, '202611220001')).toBe('198b492fb013529bec9e41b531980f0a38d9b204d3a7ac7f799a5583ae6ff376');
    expect(await issueCommitment(seed.toUpperCase(), '202611220001')).toBe(await issueCommitment(seed, '202611220001'));
  });

  it('is not a chain link: no commitment of a day equals the anchor or any seed of the chain', async () => {
    const issues = issuesOfSalesDay('UUFFC', '2026-11-22');
    const chain = await buildHashChain(TERMINAL_SEED, issues.length);
    const secrets = new Set([chain.anchor, ...chain.seeds]);
    const commitments = await Promise.all(issues.map((issue) => issueCommitment(chainSeed(chain, issue.sequence), issue.issueNumber)));
    expect(new Set(commitments).size).toBe(issues.length);
    expect(commitments.filter((c) => secrets.has(c))).toEqual([]);
  });

  it('refuses a malformed seed or 期号 in Chinese', async () => {
    await expect(issueCommitment('ab', '1')).rejects.toThrow('种子必须是 32 字节');
    await expect(issueCommitment(seed, '期号')).rejects.toThrow('期号格式不正确');
  });
});

describe('a simulated day of UUFFC: 1440 issues drawn and verified', () => {
  const issues = issuesOfSalesDay('UUFFC', '2026-11-22');
  let chain: HashChain;
  let published: number[][];
  let commitments: string[];

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
    commitments = await Promise.all(issues.map((issue, i) => issueCommitment(chain.seeds[i] as string, issue.issueNumber)));
  });

  it('every result verifies: its commitment, its link to the previous seed (the anchor for the first) and its numbers', async () => {
    expect(issues.map((issue) => issue.sequence)).toEqual(issues.map((_, i) => i + 1));
    const verifications = await Promise.all(
      issues.map((issue, i) =>
        verifyPeriodicDraw({
          drawType: 'UUFFC',
          issueNumber: issue.issueNumber,
          seed: chainSeed(chain, i + 1),
          commitment: commitments[i],
          previousSeed: i === 0 ? chain.anchor : chainSeed(chain, i),
          publishedResult: published[i],
        }),
      ),
    );
    expect(verifications.map((v) => v.verdict)).toEqual(issues.map(() => 'PASS'));
    expect(verifications.every((v) => v.checks.map((c) => c.kind).join() === 'COMMITMENT,CHAIN_LINK,RESULT')).toBe(true);
    expect(verifications[0]!.summary).toBe('验证通过：种子承诺、哈希链、开奖号码均一致');
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
    expect(wrongPosition.summary).toBe('验证失败：哈希链不符（未提供数据，未核对：种子承诺、开奖号码）');
  });

  it('a seed, commitment and result of one issue do not verify for another 期号', async () => {
    const verification = await verifyPeriodicDraw({
      drawType: 'UUFFC',
      issueNumber: issues[1]!.issueNumber,
      seed: chain.seeds[0] as string,
      commitment: commitments[0],
      previousSeed: chain.anchor,
      publishedResult: published[0],
    });
    expect(verification.checks.map((c) => [c.kind, c.passed])).toEqual([
      ['COMMITMENT', false],
      ['CHAIN_LINK', true],
      ['RESULT', false],
    ]);
    expect(verification.summary).toBe('验证失败：种子承诺、开奖号码不符');
  });

  it('the next seed of the chain does not verify as this issue’s seed', async () => {
    const verification = await verifyPeriodicDraw({
      drawType: 'UUFFC',
      issueNumber: issues[4]!.issueNumber,
      seed: chain.seeds[5] as string,
      commitment: commitments[4],
      previousSeed: chain.seeds[3],
      publishedResult: published[4],
    });
    expect(verification.checks.map((c) => c.passed)).toEqual([false, false, false]);
  });
});

describe('tampering fails verification', () => {
  const seed = 'ab'.repeat(32);
  const beacon = '0123456789abcdef'.repeat(4);
  const base = { drawType: 'UUSSQ', issueNumber: '20261122100', seed, beacon };
  let commitment: string;
  let previousSeed: string;
  let result: number[];
  let published: { commitment: string; previousSeed: string; publishedResult: number[] };

  beforeAll(async () => {
    commitment = await issueCommitment(seed, base.issueNumber);
    previousSeed = await seedHash(seed);
    ({ result } = await derivePeriodicDraw(base));
    published = { commitment, previousSeed, publishedResult: result };
  });

  it('the honest draw passes, with steps and Chinese descriptions', async () => {
    const verification = await verifyPeriodicDraw({ ...base, ...published });
    expect(verification.verdict).toBe('PASS');
    expect(verification.summary).toBe('验证通过：种子承诺、哈希链、开奖号码均一致');
    const kinds = new Set(verification.steps.map((s) => s.kind));
    expect(kinds).toEqual(new Set(['zone', 'block', 'sample', 'swap']));
    expect(verification.steps.map(describeStep)[0]).toBe('红球：从 1–33 中不放回抽取（Fisher–Yates 洗牌） 6 个');
    expect(verification.checks.map((c) => c.title)).toEqual(['核对本期承诺', '核对哈希链（上一期种子）', '重新计算开奖号码']);
    expect(verification.checks.map((c) => c.description)).toEqual([
      `SHA-256(种子 ‖ 期号 "20261122100") = ${commitment}，与开售前公布的本期承诺一致`,
      `SHA-256(种子) = ${previousSeed}，与哈希链上一期开奖后公开的种子一致`,
      `重新计算的开奖号码 ${result.join(',')}（按开出顺序）与公布的开奖号码一致`,
    ]);
  });

  it('a changed seed fails the commitment, the chain and the result', async () => {
    const verification = await verifyPeriodicDraw({ ...base, ...published, seed: 'ac'.repeat(32) });
    expect(verification.verdict).toBe('FAIL');
    expect(verification.checks.map((c) => c.passed)).toEqual([false, false, false]);
    expect(verification.summary).toBe('验证失败：种子承诺、哈希链、开奖号码不符');
  });

  it('a changed 期号 fails the commitment and the result', async () => {
    const verification = await verifyPeriodicDraw({ ...base, ...published, issueNumber: '20261122101' });
    expect(verification.verdict).toBe('FAIL');
    expect(verification.checks.map((c) => [c.kind, c.passed])).toEqual([
      ['COMMITMENT', false],
      ['CHAIN_LINK', true],
      ['RESULT', false],
    ]);
  });

  it('a changed or missing beacon fails the result', async () => {
    for (const changed of ['1123456789abcdef'.repeat(4), undefined]) {
      const verification = await verifyPeriodicDraw({ ...base, ...published, beacon: changed });
      expect(verification.verdict).toBe('FAIL');
      expect(verification.checks.map((c) => [c.kind, c.passed])).toEqual([
        ['COMMITMENT', true],
        ['CHAIN_LINK', true],
        ['RESULT', false],
      ]);
    }
  });

  it('a changed result fails, and so does the same numbers in another order', async () => {
    const changed = [...result];
    changed[6] = (changed[6] as number) === 16 ? 15 : (changed[6] as number) + 1;
    const sortedRed = [...result.slice(0, 6)].sort((a, b) => a - b);
    const reordered = sortedRed.join() === result.slice(0, 6).join() ? [...sortedRed].reverse() : sortedRed;
    for (const publishedResult of [changed, [...reordered, result[6] as number]]) {
      expect((await verifyPeriodicDraw({ ...base, ...published, publishedResult })).verdict).toBe('FAIL');
    }
  });

  it('a seed that does not match the commitment fails even with the right result', async () => {
    const verification = await verifyPeriodicDraw({ ...base, ...published, commitment: 'cd'.repeat(32) });
    expect(verification.verdict).toBe('FAIL');
    expect(verification.checks[0]?.description).toContain('不一致');
  });

  it('the old-style commitment SHA-256(seed) no longer verifies as the issue’s commitment', async () => {
    const verification = await verifyPeriodicDraw({ ...base, commitment: previousSeed, publishedResult: result });
    expect(verification.checks.map((c) => [c.kind, c.passed])).toEqual([
      ['COMMITMENT', false],
      ['RESULT', true],
    ]);
  });

  it('says what was not checked, and with nothing published to compare, that nothing was', async () => {
    const resultOnly = await verifyPeriodicDraw({ ...base, publishedResult: result });
    expect(resultOnly.summary).toBe('验证通过：开奖号码均一致（未提供数据，未核对：种子承诺、哈希链）');
    const verification = await verifyPeriodicDraw(base);
    expect(verification).toMatchObject({ verdict: 'UNCHECKED', checks: [], result });
  });
});

describe('instant draws', () => {
  const serverSeed = '9f'.repeat(32);
  const base = { drawType: 'MKPK10', serverSeed, clientSeed: '我的种子', nonce: 12 };

  it('verify against the server-seed hash shown before the bet', async () => {
    const serverSeedHash = await seedHash(serverSeed);
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

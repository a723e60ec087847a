// The server builds its seed chains and per-issue commitments with node:crypto (seed-chains.ts), the
// browser verifies them with WebCrypto (shared/draws/fairness): both must give the same bytes.
import { describe, expect, it } from 'vitest';
import { commitmentsOf, hashChain } from '../../../src/server/draws/seed-chains.ts';
import { buildHashChain, issueCommitment, issuesOfSalesDay, randomSeed } from '../../../src/shared/draws/index.ts';

describe('seed chains built with node:crypto', () => {
  it('give the chain and the anchor of the shared WebCrypto derivation', async () => {
    for (const length of [1, 2, 97]) {
      const terminal = randomSeed();
      expect(hashChain(terminal, length)).toEqual(await buildHashChain(terminal, length));
    }
  });

  it('give every issue the commitment the shared derivation gives it', async () => {
    const drawType = 'UUFFC';
    const salesDay = '2026-11-27';
    const issues = issuesOfSalesDay(drawType, salesDay);
    const chain = hashChain(randomSeed(), issues.length);
    const commitments = commitmentsOf(chain, drawType, salesDay);
    for (const issue of [issues[0]!, issues[1]!, issues[issues.length - 1]!]) {
      expect(commitments[issue.sequence - 1]).toBe(await issueCommitment(chain.seeds[issue.sequence - 1]!, issue.issueNumber));
    }
    expect(commitments.filter((c) => c !== undefined)).toHaveLength(issues.length);
  });

  it('refuse what the shared derivation refuses', () => {
    expect(() => hashChain('zz', 3)).toThrow('终端种子');
    expect(() => hashChain(randomSeed(), 0)).toThrow(RangeError);
  });
});

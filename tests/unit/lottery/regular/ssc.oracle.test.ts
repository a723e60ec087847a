// 时时彩: every method against the brute-force oracle over all 100,000 outcomes.
import { describe } from 'vitest';
import { sscOracles } from './oracle/digit-rules.ts';
import { digitOutcomes, oracleSuite } from './oracle/harness.ts';

describe('时时彩 (CQSSC) regular methods — oracle', () => {
  oracleSuite({ drawType: 'CQSSC', oracles: sscOracles(), outcomes: () => digitOutcomes(5), selections: 4, fullSpaceSelections: 1, extraPicks: 3, maxTickets: 1500 });
});

// 福彩3D (three digits) and 排列5 (five digits): every method against the brute-force oracle.
import { describe } from 'vitest';
import { fiveDigitOracles, threeDigitOracles } from './oracle/digit-rules.ts';
import { digitOutcomes, oracleSuite } from './oracle/harness.ts';

describe('福彩3D (FC3D) regular methods — oracle', () => {
  oracleSuite({ drawType: 'FC3D', oracles: threeDigitOracles(), outcomes: () => digitOutcomes(3), selections: 6, fullSpaceSelections: 3, extraPicks: 4, maxTickets: 1500 });
});

describe('排列5 (P5) regular methods — oracle', () => {
  oracleSuite({ drawType: 'P5', oracles: fiveDigitOracles(), outcomes: () => digitOutcomes(5), selections: 3, fullSpaceSelections: 1, extraPicks: 3, maxTickets: 1500 });
});

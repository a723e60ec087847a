// 赛车 and 快3: every method against the brute-force oracle over their whole outcome spaces.
import { describe } from 'vitest';
import { pk10Oracles, quick3Oracles } from './oracle/ball-rules.ts';
import { diceOutcomes, oracleSuite, raceOutcomes } from './oracle/harness.ts';

describe('赛车 (BJPK10) regular methods — oracle', () => {
  oracleSuite({ drawType: 'BJPK10', oracles: pk10Oracles(), outcomes: raceOutcomes, selections: 4, fullSpaceSelections: 2, extraPicks: 3, maxTickets: 1500 });
});

describe('快3 (JSK3) regular methods — oracle', () => {
  oracleSuite({ drawType: 'JSK3', oracles: quick3Oracles(), outcomes: diceOutcomes, selections: 8, fullSpaceSelections: 8, extraPicks: 4, maxTickets: 1500 });
});

// 11选5: every method against the brute-force oracle over all 55,440 ordered draws.
import { describe } from 'vitest';
import { elevenFiveOracles } from './oracle/ball-rules.ts';
import { oracleSuite, orderedDraws } from './oracle/harness.ts';

describe('11选5 (GD11X5) regular methods — oracle', () => {
  oracleSuite({ drawType: 'GD11X5', oracles: elevenFiveOracles(), outcomes: () => orderedDraws(5, 1, 11), selections: 4, fullSpaceSelections: 2, extraPicks: 3, maxTickets: 1500 });
});

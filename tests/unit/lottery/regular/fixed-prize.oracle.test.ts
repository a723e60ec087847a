// 快乐8, 双色球, 大乐透: every method against the oracle, with exact totals over all outcomes by class.
import { describe } from 'vitest';
import { DLT, KENO, SSQ } from './oracle/fixed-games.ts';
import { fixedOracleSuite } from './oracle/fixed-harness.ts';

describe('快乐8 (FCKL8) regular methods — oracle', () => {
  fixedOracleSuite({
    ...KENO,
    hitsOfLevel: (level) => [Number(level.split('中')[1])],
    selections: 3,
    extraPicks: 3,
    maxTickets: 600,
  });
});

const byZone = (level: string): number[] => level.split('+').map(Number);

describe('双色球 (SSQ) regular methods — oracle', () => {
  fixedOracleSuite({
    ...SSQ,
    hitsOfLevel: byZone,
    selections: 3,
    extraPicks: 2,
    maxTickets: 300,
  });
});

describe('大乐透 (DLT) regular methods — oracle', () => {
  fixedOracleSuite({
    ...DLT,
    hitsOfLevel: byZone,
    selections: 3,
    extraPicks: 2,
    maxTickets: 300,
    acceptableRejections: ['至少选择1个胆码'],
  });
});

// 快乐8, 双色球, 大乐透: every method against the oracle, with exact totals over all outcomes by class.
import { describe } from 'vitest';
import type { Selection } from '../../../../src/shared/lottery/index.ts';
import { dltOracles, kenoOracles, ssqOracles } from './oracle/ball-rules.ts';
import { fixedOracleSuite } from './oracle/fixed-harness.ts';

const rows = (selection: Selection): number[][] => (selection.rows ?? []).map((r) => r.map(Number));
const isEntries = (id: string): boolean => id.endsWith('_S') || id === 'SSQDS' || id === 'DLTDS';

describe('快乐8 (FCKL8) regular methods — oracle', () => {
  fixedOracleSuite({
    drawType: 'FCKL8',
    oracles: kenoOracles(),
    zones: (id) => [{ min: 1, max: 80, drawn: 20, picks: Number(/\d+/.exec(id)![0]) }],
    groups: (id, selection) => (isEntries(id) ? null : [rows(selection)]),
    hitsOfLevel: (level) => [Number(level.split('中')[1])],
    selections: 3,
    extraPicks: 3,
    maxTickets: 600,
  });
});

const byZone = (level: string): number[] => level.split('+').map(Number);

describe('双色球 (SSQ) regular methods — oracle', () => {
  fixedOracleSuite({
    drawType: 'SSQ',
    oracles: ssqOracles(),
    zones: () => [
      { min: 1, max: 33, drawn: 6, picks: 6 },
      { min: 1, max: 16, drawn: 1, picks: 1 },
    ],
    groups: (id, selection) => {
      const r = rows(selection);
      if (id === 'SSQFS') return [[r[0]!], [r[1]!]];
      if (id === 'SSQDT') return [[r[0]!, r[1]!], [r[2]!]];
      return null;
    },
    hitsOfLevel: byZone,
    selections: 3,
    extraPicks: 2,
    maxTickets: 300,
  });
});

describe('大乐透 (DLT) regular methods — oracle', () => {
  fixedOracleSuite({
    drawType: 'DLT',
    oracles: dltOracles(),
    zones: () => [
      { min: 1, max: 35, drawn: 5, picks: 5 },
      { min: 1, max: 12, drawn: 2, picks: 2 },
    ],
    groups: (id, selection) => {
      const r = rows(selection);
      if (id === 'DLTFS') return [[r[0]!], [r[1]!]];
      if (id === 'DLTDT') return [[r[0]!, r[1]!], [r[2]!, r[3]!]];
      return null;
    },
    hitsOfLevel: byZone,
    selections: 3,
    extraPicks: 2,
    maxTickets: 300,
    acceptableRejections: ['至少选择1个胆码'],
  });
});

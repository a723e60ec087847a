// 快乐8, 双色球 and 大乐透 as the fixed-prize oracles see them: the draw's zones with the numbers per
// ticket of a method, and a selection's groups of picked numbers per zone (null for 单式 lists). The
// fixed-prize suite and the coverage oracle both test against these.
import type { Selection } from '../../../../../src/shared/lottery/index.ts';
import { dltOracles, kenoOracles, ssqOracles } from './ball-rules.ts';
import type { FixedSuiteOptions } from './fixed-harness.ts';

export type FixedGame = Pick<FixedSuiteOptions, 'drawType' | 'oracles' | 'zones' | 'groups'>;

const rowsOf = (selection: Selection): number[][] => (selection.rows ?? []).map((r) => r.map(Number));

export const KENO: FixedGame = {
  drawType: 'FCKL8',
  oracles: kenoOracles(),
  zones: (id) => [{ min: 1, max: 80, drawn: 20, picks: Number(/\d+/.exec(id)![0]) }],
  groups: (id, selection) => (id.endsWith('_S') ? null : [rowsOf(selection)]),
};

export const SSQ: FixedGame = {
  drawType: 'SSQ',
  oracles: ssqOracles(),
  zones: () => [
    { min: 1, max: 33, drawn: 6, picks: 6 },
    { min: 1, max: 16, drawn: 1, picks: 1 },
  ],
  groups: (id, selection) => {
    const r = rowsOf(selection);
    if (id === 'SSQFS') return [[r[0]!], [r[1]!]];
    if (id === 'SSQDT') return [[r[0]!, r[1]!], [r[2]!]];
    return null;
  },
};

export const DLT: FixedGame = {
  drawType: 'DLT',
  oracles: dltOracles(),
  zones: () => [
    { min: 1, max: 35, drawn: 5, picks: 5 },
    { min: 1, max: 12, drawn: 2, picks: 2 },
  ],
  groups: (id, selection) => {
    const r = rowsOf(selection);
    if (id === 'DLTFS') return [[r[0]!], [r[1]!]];
    if (id === 'DLTDT') return [[r[0]!, r[1]!], [r[2]!, r[3]!]];
    return null;
  },
};

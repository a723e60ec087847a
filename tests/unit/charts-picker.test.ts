// 遗漏 and 冷热 under the picker's numbers: what each kind of row reads from a draw, and the counts of
// random histories, against oracles written per method from its rule (not through the row readers).
import { describe, expect, it } from 'vitest';
import { getMethod } from '../../src/shared/lottery/index.ts';
import { pickRowReader, pickRowStats } from '../../src/shared/charts/picker.ts';

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function draws(length: number, count: number, min: number, max: number, distinct: boolean, seed: number): number[][] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => {
    const pool = Array.from({ length: max - min + 1 }, (_, i) => min + i);
    return Array.from({ length }, () => (distinct ? pool.splice(Math.floor(random() * pool.length), 1)[0]! : pool[Math.floor(random() * pool.length)]!));
  });
}

const sum = (ns: readonly number[]) => ns.reduce((a, b) => a + b, 0);
const dxds = (n: number, bigFrom: number) => [n >= bigFrom ? '大' : '小', n % 2 === 1 ? '单' : '双'];
const sortedKey = (ns: readonly number[]) => [...ns].sort((a, b) => a - b).join('');
const RUNS = ['012', '123', '234', '345', '456', '567', '678', '789', '089', '019'];

interface Case {
  drawType: string;
  method: string;
  row: number;
  history: number[][];
  /** What the row's rule says the draw hits. */
  hits: ((r: number[]) => (number | string)[]) | null;
}

const ssc = draws(5, 200, 0, 9, false, 1);
const d3 = draws(3, 200, 0, 9, false, 2);
const x5 = draws(5, 200, 1, 11, true, 3);
const k3 = draws(3, 200, 1, 6, false, 4);
const pk = draws(10, 200, 1, 10, true, 5);
const ssq = draws(6, 200, 1, 33, true, 6).map((red, i) => [...red, (i % 16) + 1]);

const CASES: Case[] = [
  { drawType: 'CQSSC', method: 'ZX5', row: 0, history: ssc, hits: (r) => [r[0]!] },
  { drawType: 'CQSSC', method: 'ZX5', row: 4, history: ssc, hits: (r) => [r[4]!] },
  { drawType: 'CQSSC', method: 'HZX2', row: 0, history: ssc, hits: (r) => [r[3]!] },
  { drawType: 'CQSSC', method: 'QZU3', row: 0, history: ssc, hits: (r) => [r[0]!, r[1]!, r[2]!] },
  { drawType: 'CQSSC', method: 'HBDW31', row: 0, history: ssc, hits: (r) => [r[2]!, r[3]!, r[4]!] },
  { drawType: 'CQSSC', method: 'QZXHZ', row: 0, history: ssc, hits: (r) => [r[0]! + r[1]! + r[2]!] },
  { drawType: 'CQSSC', method: 'HZXKD', row: 0, history: ssc, hits: (r) => [Math.max(r[2]!, r[3]!, r[4]!) - Math.min(r[2]!, r[3]!, r[4]!)] },
  { drawType: 'CQSSC', method: 'HHZWS', row: 0, history: ssc, hits: (r) => [(r[2]! + r[3]! + r[4]!) % 10] },
  {
    drawType: 'CQSSC',
    method: 'ZTS3',
    row: 0,
    history: ssc,
    hits: (r) => {
      const three = [r[1]!, r[2]!, r[3]!];
      const distinct = new Set(three).size;
      return distinct === 1 ? ['豹子'] : distinct === 2 ? ['对子'] : RUNS.includes(sortedKey(three)) ? ['顺子'] : [];
    },
  },
  { drawType: 'CQSSC', method: 'LHWG', row: 0, history: ssc, hits: (r) => [r[0]! > r[4]! ? '龙' : r[0]! < r[4]! ? '虎' : '和'] },
  { drawType: 'CQSSC', method: 'H2DXDS', row: 1, history: ssc, hits: (r) => dxds(r[4]!, 5) },
  { drawType: 'FC3D', method: 'QZX3', row: 0, history: d3, hits: (r) => [r[0]!] },
  { drawType: 'GD11X5', method: 'LTQ3ZX3', row: 1, history: x5, hits: (r) => [r[1]!] },
  { drawType: 'GD11X5', method: 'LTRX5', row: 0, history: x5, hits: (r) => r },
  { drawType: 'GD11X5', method: 'LTCZW', row: 0, history: x5, hits: null },
  { drawType: 'GD11X5', method: 'LTDDS', row: 0, history: x5, hits: null },
  { drawType: 'JSK3', method: 'KSHZ', row: 0, history: k3, hits: (r) => [sum(r)] },
  { drawType: 'JSK3', method: 'KSHZDXDS', row: 0, history: k3, hits: (r) => dxds(sum(r), 11) },
  { drawType: 'JSK3', method: 'STHDX', row: 0, history: k3, hits: null },
  { drawType: 'BJPK10', method: 'PKQZX3', row: 2, history: pk, hits: (r) => [r[2]!] },
  { drawType: 'SSQ', method: 'SSQFS', row: 0, history: ssq, hits: (r) => r.slice(0, 6) },
  { drawType: 'SSQ', method: 'SSQFS', row: 1, history: ssq, hits: (r) => [r[6]!] },
  { drawType: 'UUFFC', method: 'ZX5', row: 0, history: ssc, hits: (r) => [r[0]!] },
];

describe('picker 遗漏/冷热', () => {
  for (const c of CASES) {
    it(`${c.drawType} ${c.method} row ${c.row}: ${c.hits ? 'counts every option' : 'shows none'}`, () => {
      const method = getMethod(c.drawType, c.method);
      const reader = pickRowReader(c.drawType, method, c.row);
      if (!c.hits) {
        expect(reader).toBeNull();
        return;
      }
      expect(reader).not.toBeNull();
      const values = method.layout.rows[c.row]!.options.map((o) => o.value);
      for (const [length, window] of [[200, 50], [30, 50], [3, 3], [0, 50]] as const) {
        const newestFirst = c.history.slice(0, length);
        const stats = pickRowStats(reader!, values, newestFirst, window);
        values.forEach((value, i) => {
          const hitAt = newestFirst.map((r) => c.hits!(r).includes(value));
          const first = hitAt.indexOf(true);
          expect(stats.omission[i], `omission of ${value}`).toBe(first === -1 ? null : first);
          expect(stats.hot[i], `hot of ${value}`).toBe(hitAt.slice(0, window).filter(Boolean).length);
        });
      }
    });
  }

  it('instant draw types have no chart, so no counts', () => {
    expect(pickRowReader('MKSSC', getMethod('MKSSC', 'ZX5'), 0)).toBeNull();
  });
});

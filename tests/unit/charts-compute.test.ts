// Chart values against a recomputation from scratch: for every column, the history is scanned as a
// plain list of "drawn in this issue or not", read off the results by label (not through the
// chart's zone mapping), and every value is derived from that list alone.
import { describe, expect, it } from 'vitest';
import { computeTrendChart, type ZoneChart } from '../../src/shared/charts/index.ts';
import { getDrawType } from '../../src/shared/catalogue/draw-types.ts';
import { resultFormatFor } from '../../src/shared/lottery/result.ts';

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomResult(drawType: string, random: () => number): number[] {
  const info = getDrawType(drawType);
  const format = resultFormatFor(info.category, info.code);
  const zones = format.secondZone
    ? [
        { count: format.secondZone.from, min: format.min, max: format.max },
        { count: format.length - format.secondZone.from, min: format.secondZone.min, max: format.secondZone.max },
      ]
    : [{ count: format.length, min: format.min, max: format.max }];
  const result: number[] = [];
  for (const zone of zones) {
    const pool = Array.from({ length: zone.max - zone.min + 1 }, (_, i) => zone.min + i);
    for (let i = 0; i < zone.count; i++) {
      if (format.distinct) result.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
      // Few values so that repeats and long runs happen often.
      else result.push(pool[Math.floor(random() * pool.length)]!);
    }
  }
  return result;
}

/** Newest first, as the API lists them, with an occasional cancelled issue (no result). */
function history(drawType: string, count: number, seed: number) {
  const random = mulberry32(seed);
  return Array.from({ length: count }, (_, i) => ({
    issueNumber: String(100000 + count - i),
    result: random() < 0.03 ? null : randomResult(drawType, random),
  }));
}

const two = (n: number) => String(n).padStart(2, '0');
const sum = (r: readonly number[]) => r.reduce((a, b) => a + b, 0);

/** What each zone of a chart shows as drawn, by column label, read directly off a result. */
function drawnLabels(drawType: string, zoneKey: string, r: readonly number[]): string[] {
  const { category } = getDrawType(drawType);
  const position = /^position-(\d+)$/.exec(zoneKey);
  if (position) return [category === 'SSC' || category === 'THREE_D' ? String(r[Number(position[1])]) : two(r[Number(position[1])]!)];
  if (category === 'QUICK_3') {
    if (zoneKey === 'sum') return [String(sum(r))];
    if (zoneKey === 'form') return [r[0] === r[1] && r[1] === r[2] ? '三同' : r[0] === r[1] || r[1] === r[2] || r[0] === r[2] ? '二同' : '不同'];
    return r.map(String);
  }
  if (category === 'SSC' || category === 'THREE_D') return r.map(String);
  if (category === 'SSQ') return zoneKey === 'first' ? r.slice(0, 6).map(two) : r.slice(6).map(two);
  if (category === 'DLT') return zoneKey === 'first' ? r.slice(0, 5).map(two) : r.slice(5).map(two);
  return r.map(two);
}

function longestRun(flags: readonly boolean[], value: boolean): number {
  let best = 0;
  for (let start = 0; start < flags.length; start++) {
    let end = start;
    while (end < flags.length && flags[end] === value) end++;
    best = Math.max(best, end - start);
  }
  return best;
}

function checkZone(drawType: string, zone: ZoneChart, results: readonly (readonly number[])[]) {
  const rows = results.length;
  zone.zone.columns.forEach((label, column) => {
    const times = results.map((r) => drawnLabels(drawType, zone.zone.key, r).filter((l) => l === label).length);
    const drawn = times.map((t) => t > 0);
    for (let row = 0; row < rows; row++) {
      expect(zone.hits[row * zone.width + column], `${zone.zone.label} ${label} row ${row} hits`).toBe(times[row]);
      let back = 0;
      while (row - back >= 0 && !drawn[row - back]) back++;
      expect(zone.omission[row * zone.width + column], `${zone.zone.label} ${label} row ${row} 遗漏`).toBe(back);
    }
    const appearances = drawn.filter(Boolean).length;
    expect(zone.stats.appearances[column], `${label} 出现次数`).toBe(appearances);
    expect(zone.stats.maxOmission[column], `${label} 最大遗漏`).toBe(longestRun(drawn, false));
    expect(zone.stats.maxConsecutive[column], `${label} 最大连出`).toBe(longestRun(drawn, true));
    expect(zone.stats.averageOmission[column], `${label} 平均遗漏`).toBe(Math.round((rows - appearances) / (appearances + 1)));
    expect(zone.lastHitRow[column], `${label} last hit`).toBe(drawn.lastIndexOf(true));
  });
  if (zone.zone.line) {
    results.forEach((r, row) => {
      const [label] = drawnLabels(drawType, zone.zone.key, r);
      expect(zone.lineColumn[row]).toBe(zone.zone.columns.indexOf(label!));
    });
  } else {
    expect([...zone.lineColumn].every((c) => c === -1)).toBe(true);
  }
}

const DRAW_TYPES = ['UUFFC', 'CQSSC', 'FC3D', 'P5', 'GD11X5', 'UUPK10', 'UUK3', 'JSTB', 'UUFFKENO', 'UUSSQ', 'DLT'];

describe('trend chart values match a recomputation from the history', () => {
  for (const drawType of DRAW_TYPES) {
    it(`${drawType}: omissions, counts, maxima, averages, max consecutive`, () => {
      for (const [count, seed] of [[0, 1], [1, 2], [7, 3], [120, 4]] as const) {
        const listed = history(drawType, count, seed);
        const chart = computeTrendChart(drawType, listed);
        const results = listed.filter((d) => d.result !== null).reverse().map((d) => d.result!);
        expect(chart.draws.map((d) => d.result)).toEqual(results);
        for (const zone of chart.zones) checkZone(drawType, zone, results);
      }
    });
  }

  it('handles the largest history (1000 issues of 分分彩) the same way', () => {
    const listed = history('UUFFC', 1000, 99);
    const chart = computeTrendChart('UUFFC', listed);
    const results = listed.filter((d) => d.result !== null).reverse().map((d) => d.result!);
    for (const zone of chart.zones) checkZone('UUFFC', zone, results);
  });
});

describe('a worked example (时时彩 万位, oldest first)', () => {
  // 万位 digits: 3, 3, 1, 3, 5, 5, 5 → column "3" is drawn in rows 0, 1, 3.
  const digits = [3, 3, 1, 3, 5, 5, 5];
  const listed = digits.map((d, i) => ({ issueNumber: String(i), result: [d, 0, 0, 0, 0] })).reverse();
  const chart = computeTrendChart('CQSSC', listed);
  const wan = chart.zones[0]!;
  const column = (label: string) => wan.zone.columns.indexOf(label);
  const omissionOf = (label: string) => digits.map((_, row) => wan.omission[row * wan.width + column(label)]);

  it('counts omissions since the last draw', () => {
    expect(omissionOf('3')).toEqual([0, 0, 1, 0, 1, 2, 3]);
    expect(omissionOf('5')).toEqual([1, 2, 3, 4, 0, 0, 0]);
    expect(omissionOf('9')).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('summarises each column', () => {
    const stats = (label: string) => ({
      出现次数: wan.stats.appearances[column(label)],
      平均遗漏: wan.stats.averageOmission[column(label)],
      最大遗漏: wan.stats.maxOmission[column(label)],
      最大连出: wan.stats.maxConsecutive[column(label)],
    });
    expect(stats('3')).toEqual({ 出现次数: 3, 平均遗漏: 1, 最大遗漏: 3, 最大连出: 2 });
    expect(stats('5')).toEqual({ 出现次数: 3, 平均遗漏: 1, 最大遗漏: 4, 最大连出: 3 });
    expect(stats('9')).toEqual({ 出现次数: 0, 平均遗漏: 7, 最大遗漏: 7, 最大连出: 0 });
  });

  it('counts a digit drawn twice in one issue once in 出现次数 and twice in the cell', () => {
    const spread = computeTrendChart('CQSSC', [{ issueNumber: '1', result: [7, 7, 7, 1, 2] }]).zones.find((z) => z.zone.key === 'spread')!;
    expect(spread.hits[7]).toBe(3);
    expect(spread.stats.appearances[7]).toBe(1);
  });
});

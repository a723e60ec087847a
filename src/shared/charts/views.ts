// The chart views beyond the basic per-number chart (基本走势): 和值, 跨度, 形态, 大小单双 and 龙虎, each as
// zones of derived columns, so the same grid, statistics and canvas show them. Which views a category
// has follows what its players bet on: 形态 for three digits and 快3, 龙虎 for SSC and PK10.
import { getDrawType } from '../catalogue/draw-types.ts';
import type { LotteryCategory } from '../enums.ts';
import type { ResultFormat } from '../lottery/result.ts';
import {
  BIG_SMALL_ODD_EVEN,
  bigSmallOddEven,
  DRAGON_TIGER,
  dragonTiger,
  spanOf,
  sumOf,
  THREE_DIGIT_FORMS,
  threeDigitForm,
} from './derived.ts';
import type { ChartZone } from './layout.ts';
import { positionNames } from './positions.ts';

export type ChartViewKey = 'basic' | 'sum' | 'span' | 'form' | 'bigSmall' | 'dragonTiger';

export interface ChartView {
  key: ChartViewKey;
  label: string;
}

const VIEW_LABELS: Record<ChartViewKey, string> = {
  basic: '基本走势',
  sum: '和值',
  span: '跨度',
  form: '形态',
  bigSmall: '大小单双',
  dragonTiger: '龙虎',
};

const CATEGORY_VIEWS: Partial<Record<LotteryCategory, readonly ChartViewKey[]>> = {
  SSC: ['sum', 'span', 'form', 'bigSmall', 'dragonTiger'],
  THREE_D: ['sum', 'span', 'form', 'bigSmall'],
  TAKE_5_OF_11: ['sum', 'span', 'bigSmall'],
  QUICK_3: ['sum', 'span', 'form', 'bigSmall'],
  PK10: ['sum', 'bigSmall', 'dragonTiger'],
};

/** The views of a draw type's chart, the basic chart first. */
export function chartViews(drawType: string): ChartView[] {
  const extra = CATEGORY_VIEWS[getDrawType(drawType).category] ?? [];
  return (['basic', ...extra] as ChartViewKey[]).map((key) => ({ key, label: VIEW_LABELS[key] }));
}

/** A group of positions a derived value is read from: 前三 of 万千百, one 三星 of a 3-digit draw … */
interface PositionGroup {
  key: string;
  label: string;
  positions: readonly number[];
}

function digitGroups(length: number): PositionGroup[] {
  if (length === 3) return [{ key: 'all', label: '', positions: [0, 1, 2] }];
  return [
    { key: 'front', label: '前三', positions: [0, 1, 2] },
    { key: 'middle', label: '中三', positions: [1, 2, 3] },
    { key: 'back', label: '后三', positions: [2, 3, 4] },
  ];
}

/** Where the sum, span and form of a category are read, and the labels of their zones. */
function readGroups(category: LotteryCategory, format: ResultFormat): PositionGroup[] {
  const all = Array.from({ length: format.length }, (_, i) => i);
  if (category === 'SSC' || category === 'THREE_D') return digitGroups(format.length);
  // PK10 players follow the sum of the first two: 冠亚和.
  if (category === 'PK10') return [{ key: 'top2', label: '冠亚', positions: [0, 1] }];
  return [{ key: 'all', label: '', positions: all }];
}

const pick = (result: readonly number[], positions: readonly number[]) => positions.map((i) => result[i]!);
const counting = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => String(min + i));

function valueZone(key: string, label: string, min: number, max: number, value: (result: readonly number[]) => number): ChartZone {
  return { key, label, columns: counting(min, max), tone: 'derived', line: true, band: null, hits: (result) => [value(result) - min] };
}

function itemZone(key: string, label: string, items: readonly string[], value: (result: readonly number[]) => readonly string[]): ChartZone {
  return { key, label, columns: items, tone: 'derived', line: false, band: null, hits: (result) => value(result).map((item) => items.indexOf(item)) };
}

function sumZones(groups: readonly PositionGroup[], format: ResultFormat): ChartZone[] {
  return groups.map((g) =>
    valueZone(`sum-${g.key}`, `${g.label}和值`, format.min * g.positions.length, format.max * g.positions.length, (r) => sumOf(pick(r, g.positions))),
  );
}

function spanZones(groups: readonly PositionGroup[], format: ResultFormat): ChartZone[] {
  // Distinct balls cannot be closer than one apart: the smallest span of k balls is k − 1.
  return groups.map((g) =>
    valueZone(`span-${g.key}`, `${g.label}跨度`, format.distinct ? g.positions.length - 1 : 0, format.max - format.min, (r) => spanOf(pick(r, g.positions))),
  );
}

function formZones(category: LotteryCategory, groups: readonly PositionGroup[]): ChartZone[] {
  if (category === 'QUICK_3') {
    return [itemZone('form-all', '形态', ['三同', '二同', '不同'], (r) => [['三同', '二同', '不同'][new Set(r).size - 1]!])];
  }
  return groups.map((g) => itemZone(`form-${g.key}`, `${g.label}形态`, THREE_DIGIT_FORMS, (r) => [threeDigitForm(pick(r, g.positions))]));
}

function bigSmallZones(category: LotteryCategory, format: ResultFormat): ChartZone[] {
  if (category === 'QUICK_3') {
    // 快3 bets 大小单双 on the sum of the three dice.
    const min = format.min * format.length;
    const max = format.max * format.length;
    return [itemZone('bigSmall-sum', '和值', BIG_SMALL_ODD_EVEN, (r) => bigSmallOddEven(sumOf(r), min, max))];
  }
  return positionNames(category, format.length).map((name, index) =>
    itemZone(`bigSmall-${index}`, name, BIG_SMALL_ODD_EVEN, (r) => bigSmallOddEven(r[index]!, format.min, format.max)),
  );
}

/** SSC: every pair of positions (万千 … 十个); PK10: 冠军 against 第十名, 亚军 against 第九名 … */
function dragonTigerPairs(category: LotteryCategory, format: ResultFormat): [number, number][] {
  if (category === 'PK10') return [0, 1, 2, 3, 4].map((i) => [i, format.length - 1 - i]);
  const pairs: [number, number][] = [];
  for (let a = 0; a < format.length; a++) for (let b = a + 1; b < format.length; b++) pairs.push([a, b]);
  return pairs;
}

function dragonTigerZones(category: LotteryCategory, format: ResultFormat): ChartZone[] {
  const names = positionNames(category, format.length);
  // Distinct cars never tie.
  const items = format.distinct ? DRAGON_TIGER.slice(0, 2) : DRAGON_TIGER;
  return dragonTigerPairs(category, format).map(([a, b]) => {
    const label = category === 'PK10' ? names[a]! : `${names[a]![0]}${names[b]![0]}`;
    return itemZone(`dragonTiger-${a}-${b}`, label, items, (r) => [dragonTiger(r[a]!, r[b]!)]);
  });
}

/** The zones of a derived view (not 'basic') of a category. */
export function viewZones(category: LotteryCategory, format: ResultFormat, view: Exclude<ChartViewKey, 'basic'>): ChartZone[] {
  const groups = readGroups(category, format);
  switch (view) {
    case 'sum':
      return sumZones(groups, format);
    case 'span':
      return spanZones(groups, format);
    case 'form':
      return formZones(category, groups);
    case 'bigSmall':
      return bigSmallZones(category, format);
    case 'dragonTiger':
      return dragonTigerZones(category, format);
  }
}

// The column zones of a trend chart (走势图) per category: one zone per drawn position (the classic
// per-position chart with its connecting line), the distribution of all numbers drawn (号码分布), and for
// 快3 the sum (和值) and form (形态). A zone maps a result to the columns it hits.
import { getDrawType } from '../catalogue/draw-types.ts';
import { resultFormatFor, type ResultFormat } from '../lottery/result.ts';
import { positionNames } from './positions.ts';
import { viewZones, type ChartViewKey } from './views.ts';

/** How a zone's hits are coloured: drawn positions, the distribution, a second ball zone, derived values. */
export type ZoneTone = 'position' | 'distribution' | 'second' | 'derived';

export interface ChartZone {
  key: string;
  label: string;
  /** Column headings, in column order. */
  columns: readonly string[];
  tone: ZoneTone;
  /** One hit per issue, so the connecting line (折线) joins consecutive issues. */
  line: boolean;
  /** Columns per 分区 band (alternately shaded), or null. */
  band: number | null;
  /** The columns a well-formed result hits, one entry per number (a repeated digit hits twice). */
  hits: (result: readonly number[]) => readonly number[];
}

export interface ChartLayout {
  drawType: string;
  view: ChartViewKey;
  format: ResultFormat;
  zones: readonly ChartZone[];
  /** The drawn numbers as the 开奖号码 column shows them; null where they are too long for a column. */
  resultText: ((result: readonly number[]) => string) | null;
}

// Short forms of 三同号, 二同号, 三不同: a column is one cell wide.
const QUICK3_FORMS = ['三同', '二同', '不同'];

const digitLabel = (n: number) => String(n);
const ballLabel = (n: number) => String(n).padStart(2, '0');

function range(min: number, max: number, label: (n: number) => string): string[] {
  return Array.from({ length: max - min + 1 }, (_, i) => label(min + i));
}

function positionZone(name: string, index: number, min: number, max: number, label: (n: number) => string): ChartZone {
  return {
    key: `position-${index}`,
    label: name,
    columns: range(min, max, label),
    tone: 'position',
    line: true,
    band: null,
    hits: (result) => [result[index]! - min],
  };
}

interface SpreadOptions {
  key: string;
  label: string;
  from: number;
  to: number;
  min: number;
  max: number;
  labelOf: (n: number) => string;
  tone: ZoneTone;
  band: number | null;
}

function spreadZone(o: SpreadOptions): ChartZone {
  return {
    key: o.key,
    label: o.label,
    columns: range(o.min, o.max, o.labelOf),
    tone: o.tone,
    line: false,
    band: o.band,
    hits: (result) => result.slice(o.from, o.to).map((n) => n - o.min),
  };
}

const QUICK3_SUM_MIN = 3;
const QUICK3_SUM_MAX = 18;

function quick3Zones(format: ResultFormat): ChartZone[] {
  return [
    {
      key: 'sum',
      label: '和值',
      columns: range(QUICK3_SUM_MIN, QUICK3_SUM_MAX, digitLabel),
      tone: 'position',
      line: true,
      band: null,
      hits: (result) => [result.reduce((a, b) => a + b, 0) - QUICK3_SUM_MIN],
    },
    spreadZone({ key: 'spread', label: '号码分布', from: 0, to: format.length, min: format.min, max: format.max, labelOf: digitLabel, tone: 'distribution', band: null }),
    {
      key: 'form',
      label: '形态',
      columns: QUICK3_FORMS,
      tone: 'derived',
      line: false,
      band: null,
      // 3 distinct numbers → 三不同 (2), 2 → 二同号 (1), 1 → 三同号 (0).
      hits: (result) => [new Set(result).size - 1],
    },
  ];
}

function digitsZones(format: ResultFormat, names: readonly string[], labelOf: (n: number) => string, spread: boolean): ChartZone[] {
  const zones = names.map((name, index) => positionZone(name, index, format.min, format.max, labelOf));
  if (spread) {
    zones.push(spreadZone({ key: 'spread', label: '号码分布', from: 0, to: format.length, min: format.min, max: format.max, labelOf, tone: 'distribution', band: null }));
  }
  return zones;
}

function twoZoneBalls(format: ResultFormat, names: readonly [string, string], bands: readonly [number, number]): ChartZone[] {
  const second = format.secondZone!;
  return [
    spreadZone({ key: 'first', label: names[0], from: 0, to: second.from, min: format.min, max: format.max, labelOf: ballLabel, tone: 'distribution', band: bands[0] }),
    spreadZone({ key: 'second', label: names[1], from: second.from, to: format.length, min: second.min, max: second.max, labelOf: ballLabel, tone: 'second', band: bands[1] }),
  ];
}

function zonesFor(drawType: string, format: ResultFormat): ChartZone[] {
  const { category } = getDrawType(drawType);
  switch (category) {
    case 'SSC':
    case 'THREE_D':
      return digitsZones(format, positionNames(category, format.length), digitLabel, true);
    case 'TAKE_5_OF_11':
      return digitsZones(format, positionNames(category, format.length), ballLabel, true);
    case 'PK10':
      // Every car finishes somewhere: the distribution of a finishing order is always full.
      return digitsZones(format, positionNames(category, format.length), ballLabel, false);
    case 'QUICK_3':
      return quick3Zones(format);
    case 'KENO':
      return [spreadZone({ key: 'spread', label: '号码分布', from: 0, to: format.length, min: format.min, max: format.max, labelOf: ballLabel, tone: 'distribution', band: 10 })];
    case 'SSQ':
      // The red balls' customary three regions of 11.
      return twoZoneBalls(format, ['红球', '蓝球'], [11, 4]);
    case 'DLT':
      return twoZoneBalls(format, ['前区', '后区'], [7, 4]);
    default:
      throw new Error(`no trend chart for ${drawType}`);
  }
}

function resultTextFor(drawType: string): ChartLayout['resultText'] {
  const { category } = getDrawType(drawType);
  if (category === 'SSC' || category === 'THREE_D' || category === 'QUICK_3') return (result) => result.join('');
  if (category === 'TAKE_5_OF_11') return (result) => result.map(ballLabel).join(' ');
  return null;
}

const layouts = new Map<string, ChartLayout>();

/** The chart layout of a draw type with a chart (see isChartSupported), in one of its views (chartViews). */
export function chartLayout(drawType: string, view: ChartViewKey = 'basic'): ChartLayout {
  const cacheKey = `${drawType}:${view}`;
  let layout = layouts.get(cacheKey);
  if (!layout) {
    const info = getDrawType(drawType);
    const format = resultFormatFor(info.category, info.code);
    const zones = view === 'basic' ? zonesFor(drawType, format) : viewZones(info.category, format, view);
    layout = { drawType, view, format, zones, resultText: resultTextFor(drawType) };
    layouts.set(cacheKey, layout);
  }
  return layout;
}

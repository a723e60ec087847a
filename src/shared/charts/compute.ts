// The numbers of a trend chart, in one pass over rows × columns per zone:
// - 遗漏 (omission) of a cell: how many issues in a row, up to and including this one, the column has
//   not been drawn; 0 where it was drawn. The count starts with the first issue shown.
// - 出现次数: issues in which the column was drawn (a digit drawn twice in one issue counts once).
// - 平均遗漏: the average length of the runs without it: (issues − 出现次数) / (出现次数 + 1), rounded.
// - 最大遗漏: the longest run of issues without it, including the runs before its first and after its
//   last appearance.
// - 最大连出: the longest run of consecutive issues with it.
import { isValidResult } from '../lottery/result.ts';
export { currentOmission, hitCounts } from './counts.ts';
import { chartLayout, type ChartLayout, type ChartZone } from './layout.ts';
import type { ChartViewKey } from './views.ts';

export interface ChartDraw {
  issueNumber: string;
  result: readonly number[];
}

export interface ColumnStats {
  appearances: Int32Array;
  averageOmission: Int32Array;
  maxOmission: Int32Array;
  maxConsecutive: Int32Array;
}

export interface ZoneChart {
  zone: ChartZone;
  width: number;
  /** hits[row × width + column]: how many numbers of the issue fall in the column (0: not drawn). */
  hits: Uint8Array;
  /** omission[row × width + column]: see above; 0 on a hit. */
  omission: Int32Array;
  /** The column hit in each row, for zones with a connecting line; −1 otherwise. */
  lineColumn: Int16Array;
  /** The last row each column was drawn in (−1: never): 遗漏分层 shades the rows after it. */
  lastHitRow: Int32Array;
  stats: ColumnStats;
}

export interface TrendChartData {
  layout: ChartLayout;
  /** Oldest first, as the chart is read top to bottom. */
  draws: readonly ChartDraw[];
  zones: readonly ZoneChart[];
}

/** Draws as the API lists them (newest first, cancelled issues without a result) → chart rows. */
export function chartDraws(
  layout: ChartLayout,
  newestFirst: readonly { issueNumber: string; result: readonly number[] | null }[],
): ChartDraw[] {
  const draws: ChartDraw[] = [];
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    const { issueNumber, result } = newestFirst[i]!;
    if (result && isValidResult(result, layout.format)) draws.push({ issueNumber, result });
  }
  return draws;
}

function zoneChart(zone: ChartZone, draws: readonly ChartDraw[]): ZoneChart {
  const rows = draws.length;
  const width = zone.columns.length;
  const hits = new Uint8Array(rows * width);
  const omission = new Int32Array(rows * width);
  const lineColumn = new Int16Array(rows).fill(-1);
  const lastHitRow = new Int32Array(width).fill(-1);
  const appearances = new Int32Array(width);
  const maxOmission = new Int32Array(width);
  const maxConsecutive = new Int32Array(width);
  const missRun = new Int32Array(width);
  const hitRun = new Int32Array(width);

  for (let row = 0; row < rows; row++) {
    const base = row * width;
    const hit = zone.hits(draws[row]!.result);
    for (const column of hit) hits[base + column]! += 1;
    if (zone.line) lineColumn[row] = hit[0]!;
    for (let column = 0; column < width; column++) {
      if (hits[base + column]! > 0) {
        appearances[column]! += 1;
        lastHitRow[column] = row;
        missRun[column] = 0;
        hitRun[column]! += 1;
        if (hitRun[column]! > maxConsecutive[column]!) maxConsecutive[column] = hitRun[column]!;
      } else {
        hitRun[column] = 0;
        missRun[column]! += 1;
        omission[base + column] = missRun[column]!;
        if (missRun[column]! > maxOmission[column]!) maxOmission[column] = missRun[column]!;
      }
    }
  }

  const averageOmission = new Int32Array(width);
  for (let column = 0; column < width; column++) {
    averageOmission[column] = Math.round((rows - appearances[column]!) / (appearances[column]! + 1));
  }
  return { zone, width, hits, omission, lineColumn, lastHitRow, stats: { appearances, averageOmission, maxOmission, maxConsecutive } };
}

/** The chart of a draw type, in one of its views, over results listed newest first (as `GET …/results` returns them). */
export function computeTrendChart(
  drawType: string,
  newestFirst: readonly { issueNumber: string; result: readonly number[] | null }[],
  view: ChartViewKey = 'basic',
): TrendChartData {
  const layout = chartLayout(drawType, view);
  const draws = chartDraws(layout, newestFirst);
  return { layout, draws, zones: layout.zones.map((zone) => zoneChart(zone, draws)) };
}


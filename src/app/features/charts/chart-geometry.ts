// Where everything of a chart sits, in CSS pixels of the whole (unscrolled) chart: fixed row height and
// column widths, so what is visible at a scroll position is plain arithmetic.
import type { ChartLayout } from '../../../shared/charts/index.ts';

export const ROW_HEIGHT = 24;
export const CELL_WIDTH = 24;
export const ISSUE_WIDTH = 56;
/** Two header rows: zone names, then column labels. */
export const HEADER_HEIGHT = 2 * ROW_HEIGHT;
export const SUMMARY_LABELS = ['出现次数', '平均遗漏', '最大遗漏', '最大连出'] as const;

export interface ChartGeometry {
  resultWidth: number;
  /** Left edge of the first number column. */
  cellsLeft: number;
  columnCount: number;
  totalWidth: number;
  /** Index (over all zones) of each zone's first column. */
  zoneStart: readonly number[];
}

function resultWidthOf(layout: ChartLayout): number {
  if (!layout.resultText) return 0;
  const sample = layout.resultText(Array.from({ length: layout.format.length }, () => layout.format.max));
  // Never narrower than its heading 开奖号码.
  return Math.max(60, Math.ceil(sample.length * 7.5) + 12);
}

export function chartGeometry(layout: ChartLayout): ChartGeometry {
  const zoneStart: number[] = [];
  let columnCount = 0;
  for (const zone of layout.zones) {
    zoneStart.push(columnCount);
    columnCount += zone.columns.length;
  }
  const resultWidth = resultWidthOf(layout);
  const cellsLeft = ISSUE_WIDTH + resultWidth;
  return { resultWidth, cellsLeft, columnCount, totalWidth: cellsLeft + columnCount * CELL_WIDTH, zoneStart };
}

/** Body rows: the issues, then the summary rows. */
export function bodyRowCount(issues: number): number {
  return issues + SUMMARY_LABELS.length;
}

export function totalHeight(issues: number): number {
  return HEADER_HEIGHT + bodyRowCount(issues) * ROW_HEIGHT;
}

/** Left edge of a column (over all zones) in chart coordinates. */
export function columnLeft(geometry: ChartGeometry, column: number): number {
  return geometry.cellsLeft + column * CELL_WIDTH;
}

/** Top edge of a body row in chart coordinates. */
export function rowTop(row: number): number {
  return HEADER_HEIGHT + row * ROW_HEIGHT;
}

export interface Viewport {
  /** Scroll offsets. */
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Body rows (issues and summary) at least partly visible below the sticky header. */
export function visibleRows(viewport: Viewport, rowCount: number): { first: number; end: number } {
  const first = Math.max(0, Math.floor(viewport.top / ROW_HEIGHT));
  const end = Math.min(rowCount, Math.ceil((viewport.top + viewport.height - HEADER_HEIGHT) / ROW_HEIGHT));
  return { first, end: Math.max(first, end) };
}

/** Number columns at least partly visible right of the sticky issue column. */
export function visibleColumns(geometry: ChartGeometry, viewport: Viewport): { first: number; end: number } {
  const first = Math.max(0, Math.floor((viewport.left + ISSUE_WIDTH - geometry.cellsLeft) / CELL_WIDTH));
  const end = Math.min(geometry.columnCount, Math.ceil((viewport.left + viewport.width - geometry.cellsLeft) / CELL_WIDTH));
  return { first, end: Math.max(first, end) };
}

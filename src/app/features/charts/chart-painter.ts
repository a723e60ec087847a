// Paints the visible part of a chart on a canvas: only the rows and columns in view, so a frame costs
// the same for 50 issues as for 1000. Painted in layers: cell backgrounds, grid rules, the connecting
// line, hits and omission counts, then the sticky issue column and the sticky header on top.
import type { TrendChartData } from '../../../shared/charts/index.ts';
import { shortDrawNumber } from '../../../shared/draws/display.ts';
import type { ChartPattern } from './chart-pattern.ts';
import type { ChartPalette } from './chart-palette.ts';
import {
  bodyRowCount,
  CELL_WIDTH,
  columnLeft,
  HEADER_HEIGHT,
  ISSUE_WIDTH,
  ROW_HEIGHT,
  rowTop,
  SUMMARY_LABELS,
  visibleColumns,
  visibleRows,
  type ChartGeometry,
  type Viewport,
} from './chart-geometry.ts';

/** The part of the 2D context the painter uses (tests record it). */
export type ChartCanvas = Pick<
  CanvasRenderingContext2D,
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
  | 'fillRect'
  | 'fillText'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'stroke'
  | 'arc'
  | 'fill'
  | 'save'
  | 'restore'
  | 'rect'
  | 'clip'
>;

export interface ChartScene {
  chart: TrendChartData;
  geometry: ChartGeometry;
  pattern: ChartPattern;
  palette: ChartPalette;
  fontFamily: string;
}

const HIT_RADIUS = 10;
const SEPARATOR_EVERY = 5;
const SUMMARY_STATS = ['appearances', 'averageOmission', 'maxOmission', 'maxConsecutive'] as const;

interface ZoneColumn {
  zone: number;
  column: number;
}

function zoneColumns(scene: ChartScene): ZoneColumn[] {
  const columns: ZoneColumn[] = [];
  scene.chart.zones.forEach((zone, index) => {
    for (let column = 0; column < zone.width; column++) columns.push({ zone: index, column });
  });
  return columns;
}

const columnCache = new WeakMap<TrendChartData, ZoneColumn[]>();
function columnsOf(scene: ChartScene): ZoneColumn[] {
  let columns = columnCache.get(scene.chart);
  if (!columns) {
    columns = zoneColumns(scene);
    columnCache.set(scene.chart, columns);
  }
  return columns;
}

function line(ctx: ChartCanvas, x1: number, y1: number, x2: number, y2: number): void {
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x2, y2);
  ctx.stroke();
}

function paintBackgrounds(ctx: ChartCanvas, scene: ChartScene, view: Viewport, rows: { first: number; end: number }, cols: { first: number; end: number }) {
  const { chart, geometry, pattern, palette } = scene;
  const issues = chart.draws.length;
  const columns = columnsOf(scene);
  for (let c = cols.first; c < cols.end; c++) {
    const { zone, column } = columns[c]!;
    const band = chart.zones[zone]!.zone.band;
    const x = columnLeft(geometry, c) - view.left;
    if (band !== null && Math.floor(column / band) % 2 === 1) {
      ctx.fillStyle = palette.band;
      ctx.fillRect(x, rowTop(rows.first) - view.top, CELL_WIDTH, (rows.end - rows.first) * ROW_HEIGHT);
    }
    if (pattern.layers) {
      // 遗漏分层: from the row after the column's last hit down to the last issue.
      const from = Math.max(rows.first, chart.zones[zone]!.lastHitRow[column]! + 1);
      const to = Math.min(rows.end, issues);
      if (from < to) {
        ctx.fillStyle = palette.layer;
        ctx.fillRect(x, rowTop(from) - view.top, CELL_WIDTH, (to - from) * ROW_HEIGHT);
      }
    }
  }
  if (rows.end > issues) {
    const from = Math.max(rows.first, issues);
    ctx.fillStyle = palette.summaryBackground;
    ctx.fillRect(0, rowTop(from) - view.top, view.width, (rows.end - from) * ROW_HEIGHT);
  }
}

function paintRules(ctx: ChartCanvas, scene: ChartScene, view: Viewport, rows: { first: number; end: number }) {
  const { chart, geometry, pattern, palette } = scene;
  const issues = chart.draws.length;
  const right = Math.min(view.width, geometry.totalWidth - view.left);
  for (let row = rows.first; row < rows.end; row++) {
    const y = rowTop(row + 1) - view.top - 0.5;
    const strong = (pattern.separators && row < issues && (row + 1) % SEPARATOR_EVERY === 0) || row === issues - 1;
    ctx.strokeStyle = strong ? palette.zoneBorder : palette.border;
    ctx.lineWidth = row === issues - 1 ? 2 : 1;
    line(ctx, 0, y, right, y);
  }
  ctx.strokeStyle = palette.zoneBorder;
  ctx.lineWidth = 2;
  const bottom = rowTop(rows.end) - view.top;
  for (const start of geometry.zoneStart) {
    const x = columnLeft(geometry, start) - view.left;
    if (x >= ISSUE_WIDTH && x <= view.width) line(ctx, x, HEADER_HEIGHT, x, bottom);
  }
}

function paintLines(ctx: ChartCanvas, scene: ChartScene, view: Viewport, rows: { first: number; end: number }) {
  const { chart, geometry, palette } = scene;
  const last = Math.min(rows.end, chart.draws.length) - 1;
  ctx.strokeStyle = palette.line;
  ctx.lineWidth = 1.5;
  chart.zones.forEach((zone, index) => {
    if (!zone.zone.line) return;
    const start = geometry.zoneStart[index]!;
    const centre = (row: number) => ({
      x: columnLeft(geometry, start + zone.lineColumn[row]!) + CELL_WIDTH / 2 - view.left,
      y: rowTop(row) + ROW_HEIGHT / 2 - view.top,
    });
    // From the row above the first visible one, so the line enters the view from its edge.
    for (let row = Math.max(0, rows.first - 1); row < last; row++) {
      const from = centre(row);
      const to = centre(row + 1);
      line(ctx, from.x, from.y, to.x, to.y);
    }
  });
}

interface VisibleCell {
  x: number;
  y: number;
  zone: number;
  column: number;
  index: number;
}

/**
 * Cells in passes that each set the font and colour once (setting a canvas font parses it, which adds
 * up over hundreds of cells a frame): balls, their labels, repeat badges, then omission counts.
 */
function paintCells(ctx: ChartCanvas, scene: ChartScene, view: Viewport, rows: { first: number; end: number }, cols: { first: number; end: number }) {
  const { chart, geometry, pattern, palette, fontFamily } = scene;
  const issues = chart.draws.length;
  const columns = columnsOf(scene);
  const hits: VisibleCell[] = [];
  const misses: VisibleCell[] = [];
  for (let row = rows.first; row < Math.min(rows.end, issues); row++) {
    const y = rowTop(row) + ROW_HEIGHT / 2 - view.top;
    for (let c = cols.first; c < cols.end; c++) {
      const { zone, column } = columns[c]!;
      const index = row * chart.zones[zone]!.width + column;
      const cell = { x: columnLeft(geometry, c) + CELL_WIDTH / 2 - view.left, y, zone, column, index };
      if (chart.zones[zone]!.hits[index]! > 0) hits.push(cell);
      else misses.push(cell);
    }
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  let colour = '';
  for (const cell of hits) {
    const tone = palette.hit[chart.zones[cell.zone]!.zone.tone];
    if (tone !== colour) ctx.fillStyle = colour = tone;
    ctx.beginPath();
    ctx.arc(cell.x, cell.y, HIT_RADIUS, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = palette.hitText;
  ctx.font = `700 11px ${fontFamily}`;
  const wordy: VisibleCell[] = [];
  for (const cell of hits) {
    const label = chart.zones[cell.zone]!.zone.columns[cell.column]!;
    if (/^\d+$/.test(label)) ctx.fillText(label, cell.x, cell.y + 0.5);
    else wordy.push(cell);
  }
  if (wordy.length > 0) {
    ctx.font = `700 9px ${fontFamily}`;
    for (const cell of wordy) ctx.fillText(chart.zones[cell.zone]!.zone.columns[cell.column]!, cell.x, cell.y + 0.5);
  }
  const repeated = hits.filter((cell) => chart.zones[cell.zone]!.hits[cell.index]! > 1);
  if (repeated.length > 0) {
    ctx.fillStyle = palette.badge;
    for (const cell of repeated) {
      ctx.beginPath();
      ctx.arc(cell.x + 8, cell.y - 7, 5, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.fillStyle = palette.hitText;
    ctx.font = `700 8px ${fontFamily}`;
    for (const cell of repeated) ctx.fillText(String(chart.zones[cell.zone]!.hits[cell.index]), cell.x + 8, cell.y - 6.5);
  }
  if (pattern.omission) {
    ctx.fillStyle = palette.miss;
    ctx.font = `400 11px ${fontFamily}`;
    for (const cell of misses) ctx.fillText(String(chart.zones[cell.zone]!.omission[cell.index]), cell.x, cell.y);
  }
  ctx.font = `700 11px ${fontFamily}`;
  ctx.fillStyle = palette.text;
  for (let row = Math.max(rows.first, issues); row < rows.end; row++) {
    const stat = SUMMARY_STATS[row - issues]!;
    const y = rowTop(row) + ROW_HEIGHT / 2 - view.top;
    for (let c = cols.first; c < cols.end; c++) {
      const { zone, column } = columns[c]!;
      ctx.fillText(String(chart.zones[zone]!.stats[stat][column]), columnLeft(geometry, c) + CELL_WIDTH / 2 - view.left, y);
    }
  }
}

function paintResults(ctx: ChartCanvas, scene: ChartScene, view: Viewport, rows: { first: number; end: number }) {
  const { chart, geometry, palette, fontFamily } = scene;
  const text = chart.layout.resultText;
  if (!text) return;
  const x = ISSUE_WIDTH + geometry.resultWidth / 2 - view.left;
  if (x + geometry.resultWidth / 2 < ISSUE_WIDTH) return;
  ctx.fillStyle = palette.result;
  ctx.font = `600 12px ${fontFamily}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let row = rows.first; row < Math.min(rows.end, chart.draws.length); row++) {
    ctx.fillText(text(chart.draws[row]!.result), x, rowTop(row) + ROW_HEIGHT / 2 - view.top);
  }
}

function paintIssueColumn(ctx: ChartCanvas, scene: ChartScene, view: Viewport, rows: { first: number; end: number }) {
  const { chart, palette, fontFamily } = scene;
  const issues = chart.draws.length;
  ctx.fillStyle = palette.background;
  ctx.fillRect(0, HEADER_HEIGHT, ISSUE_WIDTH, view.height - HEADER_HEIGHT);
  if (rows.end > issues) {
    const from = Math.max(rows.first, issues);
    ctx.fillStyle = palette.summaryBackground;
    ctx.fillRect(0, rowTop(from) - view.top, ISSUE_WIDTH, (rows.end - from) * ROW_HEIGHT);
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = palette.text;
  for (let row = rows.first; row < rows.end; row++) {
    const y = rowTop(row) + ROW_HEIGHT / 2 - view.top;
    if (row < issues) {
      ctx.font = `400 12px ${fontFamily}`;
      ctx.fillText(shortDrawNumber(chart.draws[row]!.issueNumber), ISSUE_WIDTH / 2, y);
    } else {
      ctx.font = `700 11px ${fontFamily}`;
      ctx.fillText(SUMMARY_LABELS[row - issues]!, ISSUE_WIDTH / 2, y);
    }
  }
  ctx.strokeStyle = palette.border;
  ctx.lineWidth = 1;
  line(ctx, ISSUE_WIDTH - 0.5, HEADER_HEIGHT, ISSUE_WIDTH - 0.5, view.height);
}

function paintHeader(ctx: ChartCanvas, scene: ChartScene, view: Viewport, cols: { first: number; end: number }) {
  const { chart, geometry, palette, fontFamily } = scene;
  ctx.fillStyle = palette.headerBackground;
  ctx.fillRect(0, 0, view.width, HEADER_HEIGHT);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = palette.text;
  ctx.font = `700 12px ${fontFamily}`;
  ctx.save();
  ctx.beginPath();
  ctx.rect(ISSUE_WIDTH, 0, view.width - ISSUE_WIDTH, HEADER_HEIGHT);
  ctx.clip();
  if (chart.layout.resultText) ctx.fillText('开奖号码', ISSUE_WIDTH + geometry.resultWidth / 2 - view.left, ROW_HEIGHT / 2);
  chart.layout.zones.forEach((zone, index) => {
    const left = columnLeft(geometry, geometry.zoneStart[index]!) - view.left;
    const right = left + zone.columns.length * CELL_WIDTH;
    // The zone name stays readable while its columns scroll: centred in the visible part.
    const visibleLeft = Math.max(left, ISSUE_WIDTH);
    const visibleRight = Math.min(right, view.width);
    if (visibleRight - visibleLeft > 24) ctx.fillText(zone.label, (visibleLeft + visibleRight) / 2, ROW_HEIGHT / 2);
  });
  const columns = columnsOf(scene);
  ctx.font = `700 11px ${fontFamily}`;
  for (let c = cols.first; c < cols.end; c++) {
    const { zone, column } = columns[c]!;
    ctx.fillText(chart.layout.zones[zone]!.columns[column]!, columnLeft(geometry, c) + CELL_WIDTH / 2 - view.left, ROW_HEIGHT * 1.5);
  }
  ctx.strokeStyle = palette.zoneBorder;
  ctx.lineWidth = 2;
  for (const start of geometry.zoneStart) {
    const x = columnLeft(geometry, start) - view.left;
    if (x >= ISSUE_WIDTH && x <= view.width) line(ctx, x, 0, x, HEADER_HEIGHT);
  }
  ctx.restore();
  ctx.font = `700 12px ${fontFamily}`;
  ctx.fillText('期号', ISSUE_WIDTH / 2, ROW_HEIGHT / 2);
  ctx.strokeStyle = palette.border;
  ctx.lineWidth = 1;
  line(ctx, 0, HEADER_HEIGHT - 0.5, view.width, HEADER_HEIGHT - 0.5);
  line(ctx, ISSUE_WIDTH - 0.5, 0, ISSUE_WIDTH - 0.5, HEADER_HEIGHT);
}

/** Paints what is visible of the chart at a scroll position, in CSS pixels. */
export function paintChart(ctx: ChartCanvas, scene: ChartScene, view: Viewport): void {
  const rows = visibleRows(view, bodyRowCount(scene.chart.draws.length));
  const cols = visibleColumns(scene.geometry, view);
  ctx.fillStyle = scene.palette.background;
  ctx.fillRect(0, 0, view.width, view.height);
  ctx.save();
  ctx.beginPath();
  ctx.rect(ISSUE_WIDTH, HEADER_HEIGHT, view.width - ISSUE_WIDTH, view.height - HEADER_HEIGHT);
  ctx.clip();
  paintBackgrounds(ctx, scene, view, rows, cols);
  paintRules(ctx, scene, view, rows);
  if (scene.pattern.line) paintLines(ctx, scene, view, rows);
  paintResults(ctx, scene, view, rows);
  paintCells(ctx, scene, view, rows, cols);
  ctx.restore();
  paintIssueColumn(ctx, scene, view, rows);
  paintHeader(ctx, scene, view, cols);
}

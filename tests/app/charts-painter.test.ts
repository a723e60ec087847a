// The chart painter: what lands where on the canvas for a scroll position — the numbers of the
// computed chart in their cells, only the rows and columns in view, the sticky header and issue column.
import { describe, expect, it } from 'vitest';
import { computeTrendChart, type TrendChartData } from '../../src/shared/charts/index.ts';
import { shortDrawNumber } from '../../src/shared/draws/display.ts';
import { chartGeometry, CELL_WIDTH, HEADER_HEIGHT, ISSUE_WIDTH, ROW_HEIGHT, type Viewport } from '../../src/app/features/charts/chart-geometry.ts';
import { DEFAULT_CHART_PATTERN, type ChartPattern } from '../../src/app/features/charts/chart-pattern.ts';
import type { ChartPalette } from '../../src/app/features/charts/chart-palette.ts';
import { paintChart } from '../../src/app/features/charts/chart-painter.ts';
import { CanvasRecorder } from './charts-canvas-recorder.ts';

const palette: ChartPalette = {
  background: 'bg',
  headerBackground: 'head',
  summaryBackground: 'summary',
  text: 'text',
  miss: 'miss',
  border: 'border',
  zoneBorder: 'zone',
  band: 'band',
  layer: 'layer',
  result: 'result',
  line: 'line',
  hitText: 'hit-text',
  badge: 'badge',
  hit: { position: 'hit-position', distribution: 'hit-distribution', second: 'hit-second', derived: 'hit-derived' },
};

function history(drawType: string, results: number[][]) {
  // Newest first, as the API lists them; issue i (1-based) is results[i − 1].
  return results.map((result, i) => ({ issueNumber: `20261122${String(i + 1).padStart(4, '0')}`, result })).reverse();
}

function digits(count: number): number[][] {
  return Array.from({ length: count }, (_, i) => String(100000 + i * 7919).slice(-5).split('').map(Number));
}

function paint(chart: TrendChartData, view: Viewport, pattern: ChartPattern = DEFAULT_CHART_PATTERN) {
  const ctx = new CanvasRecorder();
  paintChart(ctx, { chart, geometry: chartGeometry(chart.layout), pattern, palette, fontFamily: 'sans-serif' }, view);
  return ctx;
}

const WIDE: Viewport = { left: 0, top: 0, width: 3000, height: 2000 };

describe('chart painter', () => {
  const chart = computeTrendChart('CQSSC', history('CQSSC', digits(12)));
  const geometry = chartGeometry(chart.layout);
  const centreX = (column: number) => geometry.cellsLeft + column * CELL_WIDTH + CELL_WIDTH / 2;
  const centreY = (row: number) => HEADER_HEIGHT + row * ROW_HEIGHT + ROW_HEIGHT / 2;

  it('puts every hit and omission of the computed chart in its cell', () => {
    const ctx = paint(chart, WIDE);
    chart.zones.forEach((zone, z) => {
      const start = geometry.zoneStart[z]!;
      for (let row = 0; row < chart.draws.length; row++) {
        for (let column = 0; column < zone.width; column++) {
          const index = row * zone.width + column;
          const expected = zone.hits[index]! > 0 ? zone.zone.columns[column] : String(zone.omission[index]);
          expect(ctx.textAt(centreX(start + column), centreY(row)), `${zone.zone.label} ${zone.zone.columns[column]} row ${row}`).toBe(expected);
        }
      }
    });
    const hits = chart.zones.reduce((n, zone) => n + zone.hits.filter((h) => h > 0).length, 0);
    expect(ctx.arcs.filter((a) => a.radius === 10)).toHaveLength(hits);
  });

  it('paints the summary rows, the issue column and the header', () => {
    const ctx = paint(chart, WIDE);
    const wan = chart.zones[0]!;
    const stats = [wan.stats.appearances, wan.stats.averageOmission, wan.stats.maxOmission, wan.stats.maxConsecutive];
    ['出现次数', '平均遗漏', '最大遗漏', '最大连出'].forEach((label, k) => {
      expect(ctx.textAt(ISSUE_WIDTH / 2, centreY(12 + k))).toBe(label);
      for (let column = 0; column < 10; column++) expect(ctx.textAt(centreX(column), centreY(12 + k))).toBe(String(stats[k]![column]));
    });
    chart.draws.forEach((draw, row) => {
      expect(ctx.textAt(ISSUE_WIDTH / 2, centreY(row))).toBe(shortDrawNumber(draw.issueNumber));
      expect(ctx.textAt(ISSUE_WIDTH + geometry.resultWidth / 2, centreY(row))).toBe(draw.result.join(''));
    });
    expect(ctx.textAt(ISSUE_WIDTH / 2, ROW_HEIGHT / 2)).toBe('期号');
    expect(ctx.textAt(centreX(3), ROW_HEIGHT * 1.5)).toBe('3');
    expect(ctx.texts.filter((t) => t.y === ROW_HEIGHT / 2).map((t) => t.text)).toEqual(
      expect.arrayContaining(['开奖号码', '万位', '千位', '百位', '十位', '个位', '号码分布']),
    );
  });

  it('joins consecutive hits of each position with the line, only when asked', () => {
    const joins = (ctx: CanvasRecorder) => ctx.lines.filter((l) => l.lineWidth === 1.5);
    const lines = joins(paint(chart, WIDE));
    expect(lines).toHaveLength(11 * 5);
    const wan = chart.zones[0]!;
    expect(lines[0]).toEqual({ x1: centreX(wan.lineColumn[0]!), y1: centreY(0), x2: centreX(wan.lineColumn[1]!), y2: centreY(1), lineWidth: 1.5 });
    expect(joins(paint(chart, WIDE, { ...DEFAULT_CHART_PATTERN, line: false }))).toHaveLength(0);
  });

  it('leaves omission cells empty with 遗漏 off and shades them after the last hit with 遗漏分层', () => {
    const bare = paint(chart, WIDE, { ...DEFAULT_CHART_PATTERN, omission: false });
    expect(bare.texts.filter((t) => t.fillStyle === 'miss')).toHaveLength(0);
    const layered = paint(chart, WIDE, { ...DEFAULT_CHART_PATTERN, layers: true });
    const shades = layered.rects.filter((r) => r.fillStyle === 'layer');
    const expected = chart.zones.flatMap((zone) => [...zone.lastHitRow].filter((last) => last < chart.draws.length - 1));
    expect(shades).toHaveLength(expected.length);
    expect(shades.reduce((n, r) => n + r.height / ROW_HEIGHT, 0)).toBe(expected.reduce((n, last) => n + (chart.draws.length - 1 - last), 0));
  });

  it('marks a number drawn more than once in an issue', () => {
    const repeated = computeTrendChart('CQSSC', history('CQSSC', [[7, 7, 7, 1, 2]]));
    const ctx = paint(repeated, WIDE);
    expect(ctx.texts.filter((t) => t.fillStyle === 'hit-text' && t.text === '3')).toHaveLength(1);
  });

  it('paints only what is in view of a long chart, with the header and issue column where they stick', () => {
    const long = computeTrendChart('CQSSC', history('CQSSC', digits(1000)));
    const view = { left: 5 * CELL_WIDTH, top: 500 * ROW_HEIGHT, width: 412, height: 640 };
    const ctx = paint(long, view);
    const issueTexts = ctx.texts.filter((t) => Math.round(t.x) === ISSUE_WIDTH / 2 && t.y > HEADER_HEIGHT);
    expect(issueTexts[0]!.text).toBe(shortDrawNumber(long.draws[500]!.issueNumber));
    expect(issueTexts.length).toBeLessThanOrEqual(Math.ceil((640 - HEADER_HEIGHT) / ROW_HEIGHT) + 1);
    // Cells: visible rows × visible columns, not 1000 × 60.
    expect(ctx.texts.length).toBeLessThan(30 * 20 * 2);
    expect(ctx.textAt(ISSUE_WIDTH / 2, ROW_HEIGHT / 2)).toBe('期号');
    // The 万位 label stays centred over the visible part of its zone.
    const wan = ctx.texts.find((t) => t.text === '万位')!;
    expect(wan.x).toBeGreaterThan(ISSUE_WIDTH);
  });

  it('shades alternate 分区 bands of keno and colours the second ball zone', () => {
    const keno = computeTrendChart('UUFFKENO', [{ issueNumber: '1', result: Array.from({ length: 20 }, (_, i) => i * 4 + 1) }]);
    const ctx = paint(keno, WIDE);
    expect(ctx.rects.filter((r) => r.fillStyle === 'band')).toHaveLength(40);
    const ssq = computeTrendChart('UUSSQ', [{ issueNumber: '1', result: [1, 2, 3, 4, 5, 6, 7] }]);
    const painted = new CanvasRecorder();
    const fills: string[] = [];
    const recordFill = painted.arc.bind(painted);
    painted.arc = (x, y, radius) => {
      fills.push(String(painted.fillStyle));
      recordFill(x, y, radius);
    };
    paintChart(painted, { chart: ssq, geometry: chartGeometry(ssq.layout), pattern: DEFAULT_CHART_PATTERN, palette, fontFamily: 'sans-serif' }, WIDE);
    expect(fills.filter((f) => f === 'hit-distribution')).toHaveLength(6);
    expect(fills.filter((f) => f === 'hit-second')).toHaveLength(1);
  });
});

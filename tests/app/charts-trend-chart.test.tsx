// The trend chart component: what the grid shows for a history, the remembered count and pattern,
// virtualised rows for long histories, the fixed count and unsupported draw types.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../src/app/App.tsx';
import { TrendChart } from '../../src/app/features/charts/index.ts';
import { createQueryClient } from '../../src/app/lib/query-client.ts';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import { computeTrendChart } from '../../src/shared/charts/index.ts';
import { CELL_WIDTH, chartGeometry, HEADER_HEIGHT, ISSUE_WIDTH, ROW_HEIGHT } from '../../src/app/features/charts/chart-geometry.ts';
import { CanvasRecorder } from './charts-canvas-recorder.ts';


/** SSC history, newest first: issue n draws the digits of n (so expectations can be read off). */
function sscResults(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const n = count - i;
    const digits = String(10000 + n * 7919).slice(-5).split('').map(Number);
    return {
      drawType: 'CQSSC',
      issueNumber: `20261122${String(n).padStart(3, '0')}`,
      opensAt: 0,
      closesAt: 0,
      drawAt: n,
      state: 'SETTLED',
      commitment: null,
      result: digits,
      resultSource: 'simulated',
      seed: null,
      beacon: null,
      drawnAt: n,
      cancelReason: null,
    };
  });
}

let requested: string[] = [];

beforeEach(() => {
  requested = [];
  preferences.reset(['chartDrawsCount', 'chartPattern']);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      const match = /^\/ajax\/draws\/(\w+)\/results\?count=(\d+)$/.exec(url);
      if (!match) return new Response(JSON.stringify({ code: 'NOT_FOUND', message: '不存在' }), { status: 404 });
      const count = Math.min(Number(match[2]), 1000);
      return new Response(JSON.stringify({ drawType: match[1], results: match[1] === 'CQSSC' ? sscResults(Math.min(count, 12)) : [] }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderChart(element: React.ReactElement) {
  const queryClient = createQueryClient();
  return { queryClient, ...render(<AppProviders queryClient={queryClient}>{element}</AppProviders>) };
}

const recorder = new CanvasRecorder();
const originalGetContext = HTMLCanvasElement.prototype.getContext;
const isChart = (element: HTMLElement) => element.classList.contains('jl-chart-scroll');

beforeEach(() => {
  recorder.reset();
  HTMLCanvasElement.prototype.getContext = (() => recorder) as never;
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get() { return isChart(this) ? 2000 : 0; } });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get() { return isChart(this) ? 640 : 0; } });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0) as unknown as number);
});
afterEach(() => {
  HTMLCanvasElement.prototype.getContext = originalGetContext;
  // jsdom defines both on Element.prototype: dropping the overrides restores them.
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});

const centreY = (row: number) => HEADER_HEIGHT + row * ROW_HEIGHT + ROW_HEIGHT / 2;
const statsRow = (zone: string, column: string) =>
  within(screen.getByTestId('chart-stats'))
    .getAllByRole('row')
    .find((row) => row.dataset.zone === zone && row.dataset.column === column)!;

describe('TrendChart', () => {
  it('paints the history: issues oldest first, hits, omissions, and the summary', async () => {
    renderChart(<TrendChart drawType="CQSSC" />);
    const grid = await screen.findByTestId('chart-grid');
    expect(requested).toEqual(['/ajax/draws/CQSSC/results?count=50']);
    expect(grid.dataset.issues).toBe('12');
    expect(grid.getAttribute('aria-label')).toBe('重庆时时彩走势图，共 12 期（图形）');

    const expected = computeTrendChart('CQSSC', sscResults(12));
    const geometry = chartGeometry(expected.layout);
    const wan = expected.zones[0]!;
    expect(recorder.textAt(ISSUE_WIDTH / 2, centreY(0))).toBe('001');
    expect(recorder.textAt(ISSUE_WIDTH / 2, centreY(11))).toBe('012');
    for (let column = 0; column < 10; column++) {
      const x = geometry.cellsLeft + column * CELL_WIDTH + CELL_WIDTH / 2;
      const text = wan.hits[4 * 10 + column]! > 0 ? String(column) : String(wan.omission[4 * 10 + column]);
      expect(recorder.textAt(x, centreY(4))).toBe(text);
      expect(recorder.textAt(x, centreY(12))).toBe(String(wan.stats.appearances[column]));
    }
    expect(recorder.textAt(ISSUE_WIDTH / 2, centreY(15))).toBe('最大连出');
  });

  it('offers the summary to screen readers as a table', async () => {
    renderChart(<TrendChart drawType="CQSSC" />);
    await screen.findByTestId('chart-stats');
    const expected = computeTrendChart('CQSSC', sscResults(12));
    const spread = expected.zones.find((zone) => zone.zone.key === 'spread')!;
    for (let digit = 0; digit < 10; digit++) {
      const cells = within(statsRow('spread', String(digit))).getAllByRole('cell').map((cell) => Number(cell.textContent));
      expect(cells).toEqual([
        spread.stats.appearances[digit],
        spread.stats.averageOmission[digit],
        spread.stats.maxOmission[digit],
        spread.stats.maxConsecutive[digit],
      ]);
    }
    expect(within(statsRow('position-0', '3')).getByRole('rowheader').textContent).toBe('万位 3');
  });

  it('repaints without the line or the omissions when they are switched off, and remembers it', async () => {
    renderChart(<TrendChart drawType="CQSSC" />);
    await screen.findByTestId('chart-grid');
    const joins = () => recorder.lines.filter((l) => l.lineWidth === 1.5).length;
    expect(joins()).toBe(11 * 5);
    recorder.reset();
    fireEvent.click(screen.getByLabelText('折线'));
    await waitFor(() => expect(recorder.texts.length).toBeGreaterThan(0));
    expect(joins()).toBe(0);
    recorder.reset();
    fireEvent.click(screen.getByLabelText('遗漏'));
    await waitFor(() => expect(recorder.texts.length).toBeGreaterThan(0));
    expect(recorder.texts.filter((t) => t.font.startsWith('400 11px'))).toHaveLength(0);
    expect(preferences.get('chartPattern')).toBe('s');
  });

  it('shades the cells after each column’s last hit with 遗漏分层', async () => {
    renderChart(<TrendChart drawType="CQSSC" />);
    await screen.findByTestId('chart-grid');
    const shaded = () => recorder.rects.filter((r) => r.width === CELL_WIDTH).length;
    expect(shaded()).toBe(0);
    recorder.reset();
    fireEvent.click(screen.getByLabelText('遗漏分层'));
    await waitFor(() => expect(recorder.texts.length).toBeGreaterThan(0));
    const expected = computeTrendChart('CQSSC', sscResults(12));
    expect(shaded()).toBe(expected.zones.reduce((n, zone) => n + [...zone.lastHitRow].filter((last) => last < 11).length, 0));
    expect(preferences.get('chartPattern')).toBe('olsy');
  });

  it('remembers the chosen issue count (spec §3.4) and asks for that many', async () => {
    renderChart(<TrendChart drawType="CQSSC" />);
    await screen.findByTestId('chart-grid');
    const select = screen.getByLabelText('期数') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['30', '50', '100', '200', '300', '500', '1000']);
    expect([...select.options].map((o) => o.textContent)).toContain('近 1000 期');
    fireEvent.change(select, { target: { value: '1000' } });
    await waitFor(() => expect(requested).toContain('/ajax/draws/CQSSC/results?count=1000'));
    expect(preferences.get('chartDrawsCount')).toBe(1000);
  });

  it('offers at most the history count and clamps a remembered count to it', async () => {
    preferences.set('chartDrawsCount', 500);
    renderChart(<TrendChart drawType="FC3D" />);
    await waitFor(() => expect(requested).toEqual(['/ajax/draws/FC3D/results?count=100']));
    const select = (await screen.findByLabelText('期数')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['30', '50', '100']);
    expect(await screen.findByText('暂无开奖记录')).toBeTruthy();
  });

  it('with a fixed count shows no count selector', async () => {
    renderChart(<TrendChart drawType="CQSSC" count={30} />);
    await screen.findByTestId('chart-grid');
    expect(requested).toEqual(['/ajax/draws/CQSSC/results?count=30']);
    expect(screen.queryByLabelText('期数')).toBeNull();
  });

  it('says so for draw types without a chart (instant, A-share, 六合彩, PC蛋蛋)', () => {
    for (const code of ['MKSSC', 'ASHAREF2SSC', 'MARK6', 'UU28']) {
      const { unmount } = renderChart(<TrendChart drawType={code} />);
      expect(screen.getByTestId('trend-chart-unsupported').textContent).toBe('该彩种暂不提供走势图');
      unmount();
    }
    expect(requested).toEqual([]);
  });
});

describe('TrendChart views (和值, 跨度, 形态, 大小单双, 龙虎)', () => {
  it('has no view tabs unless asked for (the chart embedded in the game page)', async () => {
    renderChart(<TrendChart drawType="CQSSC" count={30} />);
    await screen.findByTestId('chart-grid');
    expect(screen.queryByTestId('chart-views')).toBeNull();
  });

  it('switches the same history to a derived view, its grid and its summary table', async () => {
    renderChart(<TrendChart drawType="CQSSC" views />);
    await screen.findByTestId('chart-grid');
    const tabs = within(screen.getByTestId('chart-views')).getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['基本走势', '和值', '跨度', '形态', '大小单双', '龙虎']);

    fireEvent.click(screen.getByRole('tab', { name: '和值' }));
    await waitFor(() => expect(screen.getByTestId('chart-grid').getAttribute('aria-label')).toBe('重庆时时彩和值走势图，共 12 期（图形）'));
    const sums = computeTrendChart('CQSSC', sscResults(12), 'sum');
    const front = sums.zones.find((zone) => zone.zone.key === 'sum-front')!;
    // The 前三 sums read off the digits by hand.
    const frontSums = sscResults(12).map((issue) => issue.result[0]! + issue.result[1]! + issue.result[2]!);
    for (let total = 0; total <= 27; total++) {
      const cells = within(statsRow('sum-front', String(total))).getAllByRole('cell').map((cell) => Number(cell.textContent));
      expect(cells[0]).toBe(frontSums.filter((s) => s === total).length);
      expect(cells[0]).toBe(front.stats.appearances[total]);
    }
    expect(requested).toEqual(['/ajax/draws/CQSSC/results?count=50']);

    fireEvent.click(screen.getByRole('tab', { name: '龙虎' }));
    await waitFor(() => expect(within(statsRow('dragonTiger-0-4', '龙')).getByRole('rowheader').textContent).toBe('万个 龙'));
    const dragons = sscResults(12).filter((issue) => issue.result[0]! > issue.result[4]!).length;
    expect(Number(within(statsRow('dragonTiger-0-4', '龙')).getAllByRole('cell')[0]!.textContent)).toBe(dragons);

    fireEvent.click(screen.getByRole('tab', { name: '形态' }));
    await waitFor(() => expect(statsRow('form-back', '组六')).toBeTruthy());
  });

  it('offers only the views a category has', async () => {
    renderChart(<TrendChart drawType="UUFFKENO" views />);
    await screen.findByTestId('trend-chart');
    expect(screen.queryByTestId('chart-views')).toBeNull();
  });
});

describe('TrendChart with the largest history', () => {
  it('paints only the rows in view, and the summary once scrolled to the end', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ drawType: 'CQSSC', results: sscResults(1000) }))),
    );
    preferences.set('chartDrawsCount', 1000);
    renderChart(<TrendChart drawType="CQSSC" />);
    const grid = await screen.findByTestId('chart-grid');
    expect(grid.dataset.issues).toBe('1000');
    expect(grid.querySelectorAll('*').length).toBeLessThan(5);
    const issueTexts = () => recorder.texts.filter((t) => Math.round(t.x) === ISSUE_WIDTH / 2 && t.y > HEADER_HEIGHT).map((t) => t.text);
    expect(issueTexts().length).toBeLessThanOrEqual(26);
    recorder.reset();
    await act(async () => {
      grid.scrollTop = 1004 * ROW_HEIGHT + HEADER_HEIGHT - 640;
      grid.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    expect(issueTexts()).toContain('最大连出');
    expect(issueTexts()).toContain('000');
    expect(issueTexts().length).toBeLessThanOrEqual(26);
  });
});

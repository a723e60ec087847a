// Issue 18 item 3: the 开奖 page (every enabled game's latest result, by category, in its category's
// format), a game's history a page at a time with links to verification, and the lobby card's last
// result from the same single request.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GameLobby } from '../../src/app/features/games/lobby/GameLobby.tsx';
import { HistoryPage } from '../../src/app/features/results/HistoryPage.tsx';
import { ResultsPage } from '../../src/app/features/results/ResultsPage.tsx';
import { mark6Zodiacs } from '../../src/app/components/draw/ResultBalls.tsx';
import type { DrawnIssue, LatestResults } from '../../src/shared/api/draws.ts';
import { DRAW_TYPES } from '../../src/shared/catalogue/draw-types.ts';
import { ALL_ENABLED, json, renderGame, stubApi } from './games-harness.tsx';

afterEach(() => vi.unstubAllGlobals());

const DRAW_AT = Date.UTC(2026, 10, 22, 2, 5); // 2026-11-22 10:05 Beijing
const SAMPLE: Record<string, number[]> = {
  UUFFC: [1, 2, 3, 4, 5],
  UUMARK6: [1, 13, 2, 14, 3, 15, 49],
  UUSSQ: [7, 3, 20, 11, 30, 1, 9],
  UUK3: [2, 3, 6],
  F1TB: [1, 1, 1],
};
const latest: LatestResults = {
  serverTime: DRAW_AT + 10_000,
  results: Object.entries(SAMPLE).map(([drawType, result]) => ({ drawType, issueNumber: '202611220605', drawAt: DRAW_AT, result, verifiable: true })),
};

describe('开奖 page', () => {
  it('lists every enabled game by category with its latest issue, time and result; none for closed games', async () => {
    const enabledGames = { ...ALL_ENABLED, lotterys: ALL_ENABLED.lotterys.filter((g) => g.drawType !== 'UUSSQ') };
    const api = stubApi((path) => (path === '/ajax/draws/latest' ? json(latest) : undefined));
    await renderGame(<ResultsPage />, { enabledGames, customer: null });
    const uuffc = await screen.findByRole('link', { name: '锦鲤分分彩 开奖历史' });
    expect(uuffc.getAttribute('href')).toBe('/draw-results/UUFFC');
    const row = uuffc.closest('li')!;
    await waitFor(() => expect(row.dataset.issue).toBe('202611220605'));
    expect(row.textContent).toContain('第 605 期 · 11-22 10:05');
    expect(within(row).getByRole('img', { name: '开奖号码 1,2,3,4,5' })).toBeTruthy();
    // Every offered, enabled game is listed once (the closed 极速双色球 is not).
    const listed = screen.getAllByTestId('results-entry').map((e) => e.dataset.drawType);
    expect(listed).not.toContain('UUSSQ');
    expect(listed).toContain('SSQ');
    expect(new Set(listed).size).toBe(listed.length);
    // All but the closed one and the A-share draw, which has no play mode at all (spec §9); PC蛋蛋 too,
    // though a phone does not play it.
    expect(listed.length).toBe(DRAW_TYPES.length - 2);
    expect(listed).not.toContain('ASHAREF2SSC');
    expect(screen.getAllByTestId('results-section').map((s) => s.dataset.category)).toEqual([
      'SSC', 'TAKE_5_OF_11', 'THREE_D', 'PK10', 'QUICK_3', 'PC_EGG', 'MARK6', 'KENO', 'SSQ', 'DLT', 'DICE',
    ]);
    // Without a result yet, or instant, each says so.
    const cqssc = screen.getAllByTestId('results-entry').find((e) => e.dataset.drawType === 'CQSSC')!;
    expect(cqssc.textContent).toContain('暂无开奖');
    const instant = screen.getAllByTestId('results-entry').find((e) => e.dataset.drawType === 'MKSSC')!;
    expect(instant.textContent).toContain('秒开 · 投注即开奖');
    expect(within(instant).queryByRole('link')).toBeNull();
    // One request for all of them.
    expect(api.calls.filter((c) => c.path.startsWith('/ajax/draws/latest'))).toHaveLength(1);
    expect(api.calls.filter((c) => c.path.endsWith('/current'))).toHaveLength(0);
  });

  it('shows 六合彩 with 波色 and 生肖, 快3 and 骰宝 as dice faces', async () => {
    stubApi((path) => (path === '/ajax/draws/latest' ? json(latest) : undefined));
    await renderGame(<ResultsPage />, { customer: null });
    const mark6 = await screen.findByRole('img', { name: /^开奖号码 01,13,02,14,03,15\+49 生肖 / });
    // 2026 is a 马 year until 春节 2027: 01, 13, 49 are 马; then one back through the cycle.
    expect(mark6.getAttribute('aria-label')).toBe('开奖号码 01,13,02,14,03,15+49 生肖 马,马,蛇,蛇,龙,龙,马');
    expect([...mark6.querySelectorAll('.jl-ball')].map((b) => (b as HTMLElement).dataset.tone)).toEqual(['red', 'red', 'red', 'blue', 'blue', 'blue', 'green']);
    expect([...mark6.querySelectorAll('.jl-ball-zodiac')].map((z) => z.textContent)).toEqual(['马', '马', '蛇', '蛇', '龙', '龙', '马']);
    const k3 = screen.getByRole('img', { name: '开奖号码 2,3,6' });
    expect([...k3.querySelectorAll('[data-tone="die"]')].map((d) => (d as HTMLElement).dataset.face)).toEqual(['2', '3', '6']);
    expect(k3.querySelectorAll('[data-face="6"] .jl-ball-pip')).toHaveLength(6);
    expect(screen.getByRole('img', { name: '开奖号码 01,03,07,11,20,30+09' })).toBeTruthy();
  });

  it('names 生肖 by the table of the draw date: it changes at 春节, not on 1 January', () => {
    const beforeNewYear = Date.UTC(2026, 1, 16, 4); // 2026-02-16 Beijing: still the 蛇 year
    const afterNewYear = Date.UTC(2026, 1, 17, 4); // 2026-02-17: 马 year
    expect(mark6Zodiacs([1], beforeNewYear)).toEqual(['蛇']);
    expect(mark6Zodiacs([1], afterNewYear)).toEqual(['马']);
  });
});

const issue = (n: number, extra: Partial<DrawnIssue> = {}): DrawnIssue => ({
  drawType: 'UUFFC',
  issueNumber: `20261122${String(n).padStart(4, '0')}`,
  opensAt: DRAW_AT - 60_000,
  closesAt: DRAW_AT - 5_000,
  drawAt: DRAW_AT,
  state: 'SETTLED',
  commitment: 'c'.repeat(64),
  result: [n % 10, 1, 2, 3, 4],
  resultSource: 'platform',
  seed: 's'.repeat(64),
  beacon: null,
  drawnAt: DRAW_AT,
  cancelReason: null,
  ...extra,
});

describe('开奖历史', () => {
  const history = (page: number) =>
    json({
      drawType: 'UUFFC',
      page,
      pageSize: 20,
      total: 25,
      results:
        page === 1
          ? Array.from({ length: 20 }, (_, i) => issue(605 - i, i === 1 ? { state: 'CANCELLED', result: null, seed: null, cancelReason: 'OPERATOR' } : {}))
          : Array.from({ length: 5 }, (_, i) => issue(585 - i)),
    });

  it('pages the results, links committed draws to their verification, and marks cancelled issues', async () => {
    const api = stubApi((path) => {
      const match = /^\/ajax\/draws\/UUFFC\/history\?page=(\d+)&pageSize=20$/.exec(path);
      return match ? history(Number(match[1])) : undefined;
    });
    const onPage = vi.fn();
    const view = await renderGame(<HistoryPage drawType="UUFFC" page={1} onPage={onPage} />, { customer: null });
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(20));
    expect(screen.getByRole('heading', { name: '锦鲤分分彩 开奖历史' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '验证第 202611220605 期' }).getAttribute('href')).toBe('/verify/UUFFC/202611220605');
    const cancelled = screen.getAllByTestId('history-entry')[1]!;
    expect(cancelled.textContent).toContain('已撤销');
    expect(within(cancelled).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('history-page-number').textContent).toBe('第 1 / 2 页');
    expect((screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(onPage).toHaveBeenCalledWith(2);

    view.unmount();
    await renderGame(<HistoryPage drawType="UUFFC" page={2} onPage={onPage} />, { customer: null });
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(5));
    expect(screen.getAllByTestId('history-entry')[0]!.dataset.issue).toBe('202611220585');
    expect((screen.getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls.map((c) => c.path)).toContain('/ajax/draws/UUFFC/history?page=2&pageSize=20');
  });

  it('offers no verification for official (feed) results', async () => {
    stubApi((path) =>
      path.startsWith('/ajax/draws/CQSSC/history')
        ? json({ drawType: 'CQSSC', page: 1, pageSize: 20, total: 1, results: [issue(605, { drawType: 'CQSSC', commitment: null, resultSource: 'http', seed: null })] })
        : undefined,
    );
    await renderGame(<HistoryPage drawType="CQSSC" page={1} onPage={() => undefined} />, { customer: null });
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /^验证/ })).toBeNull();
    expect(screen.queryByRole('group', { name: '翻页' })).toBeNull();
  });
});

/** Every card is on screen. */
class AllInView {
  constructor(private readonly callback: (entries: { isIntersecting: boolean; target: Element }[]) => void) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: true, target }]);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

describe('lobby cards', () => {
  it('show the last result from the one shared request, linking to the game’s history', async () => {
    vi.stubGlobal('IntersectionObserver', AllInView);
    const api = stubApi((path) => (path === '/ajax/draws/latest' ? json(latest) : undefined));
    await renderGame(<GameLobby />, { customer: null });
    const card = (await screen.findAllByTestId('lobby-game')).find((c) => c.dataset.drawType === 'UUFFC')!;
    const last = within(card).getByTestId('lobby-last-result');
    expect(last.getAttribute('href')).toBe('/draw-results/UUFFC');
    await waitFor(() => expect(within(last).getByRole('img', { name: '开奖号码 1,2,3,4,5' })).toBeTruthy());
    expect(last.textContent).toContain('第 605 期开奖');
    expect(api.calls.filter((c) => c.path === '/ajax/draws/latest')).toHaveLength(1);
    // An instant game's card has the slot (one card height) but no result.
    const instant = screen.getAllByTestId('lobby-game').find((c) => c.dataset.drawType === 'MKSSC')!;
    expect(within(instant).queryByTestId('lobby-last-result')).toBeNull();
  });
});

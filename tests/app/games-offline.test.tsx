// A game page opened offline (issue 18 item 7, decisions §7): the last known issue, results and
// orders with their age instead of 正在获取期号… and empty lists; every money action disabled with
// the reason. What is persisted for it, and for how long.
import { dehydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BoardGamePage } from '../../src/app/features/games/board/BoardGamePage.tsx';
import { boardStore } from '../../src/app/features/games/board/board-store.ts';
import { DRAW_PERSIST_MS, currentDrawQueryOptions, recentResultsQueryOptions } from '../../src/app/features/games/draws/draw-queries.ts';
import { RECENT_RESULTS_COUNT } from '../../src/app/features/games/common/RecentResults.tsx';
import { gameOrdersQueryKey } from '../../src/app/features/games/orders/order-queries.ts';
import { RegularGamePage } from '../../src/app/features/games/regular/RegularGamePage.tsx';
import { regularStore } from '../../src/app/features/games/regular/regular-store.ts';
import { dehydrateOptions } from '../../src/app/lib/persister.ts';
import { OFFLINE_MONEY_REASON } from '../../src/app/lib/online.ts';
import type { DrawnIssue } from '../../src/shared/api/draws.ts';
import { openDraw, renderGame, stubApi } from './games-harness.tsx';

const MINUTE = 60_000;

function drawn(drawType: string, issueNumber: string, at: number): DrawnIssue {
  return { drawType, issueNumber, opensAt: at - 60_000, closesAt: at - 5_000, drawAt: at, state: 'SETTLED', commitment: null, result: [1, 2, 3, 4, 5], resultSource: 'platform', seed: null, beacon: null, drawnAt: at, cancelReason: null };
}

const order = (drawType: string) => ({
  orderId: '9',
  drawType,
  playMode: 'REGULAR',
  issueNumber: '202611220001',
  status: 'PENDING',
  betCount: 1,
  totalStake: 20_000,
  payout: 0,
  rebate: 0,
  isAutoBet: false,
  createdAt: Date.now() - 6 * MINUTE,
  settledAt: null,
  cancelledAt: null,
});

beforeEach(() => {
  regularStore('UUFFC').set({ draft: null, slip: [], multiplierText: '1' });
  boardStore('UUMARK6').set({ groupName: null, amountText: '10', picks: {}, bets: [] });
  onlineManager.setOnline(true);
});
afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe('a game page offline', () => {
  it('shows the last known issue, results and orders with their age; 投注 and 追号 are off with the reason', async () => {
    const api = stubApi();
    onlineManager.setOnline(false);
    const fetchedAt = Date.now() - 5 * MINUTE;
    const draw = { ...openDraw('UUFFC', fetchedAt), latest: drawn('UUFFC', '202611220000', fetchedAt - 20_000) };
    // As restored from IndexedDB: fetched five minutes ago.
    const restore = (queryClient: QueryClient) => {
      queryClient.setQueryData(currentDrawQueryOptions('UUFFC').queryKey, draw, { updatedAt: fetchedAt });
      queryClient.setQueryData(recentResultsQueryOptions('UUFFC', RECENT_RESULTS_COUNT).queryKey, { drawType: 'UUFFC', results: [draw.latest] }, { updatedAt: fetchedAt });
      queryClient.setQueryData(gameOrdersQueryKey('UUFFC'), { items: [order('UUFFC')], total: 1, page: 1, pageSize: 10 }, { updatedAt: fetchedAt });
    };
    await renderGame(<RegularGamePage drawType="UUFFC" />, { prepare: restore });
    const issueBar = await screen.findByTestId('issue-bar');
    expect(issueBar.getAttribute('data-phase')).toBe('offline');
    expect(issueBar.textContent).toContain('第 202611220001 期');
    expect(within(issueBar).getByTestId('issue-age').textContent).toBe('最后已知 · 5分钟前的数据');
    expect(within(issueBar).getByRole('img', { name: '开奖号码 1,2,3,4,5' })).toBeTruthy();
    expect(screen.queryByText('正在获取期号…')).toBeNull();
    expect(within(screen.getByTestId('recent-results')).getByTestId('results-age').textContent).toBe('最后已知 · 5分钟前的数据');
    expect(within(screen.getByTestId('my-orders')).getAllByTestId('my-order')).toHaveLength(1);
    expect(within(screen.getByTestId('my-orders')).getByTestId('orders-age').textContent).toBe('最后已知 · 5分钟前的数据');

    const bar = screen.getByTestId('bet-bar');
    expect(within(bar).getByTestId('bar-blocked-reason').textContent).toBe(OFFLINE_MONEY_REASON);
    await screen.findByTestId('selection-panel');
    for (const row of screen.getByTestId('selection-panel').querySelectorAll('.jl-pick-row')) fireEvent.click(row.querySelector('.jl-pick-options button')!);
    await waitFor(() => expect(within(bar).getByTestId('bar-bets').textContent).toBe('1'));
    expect((within(bar).getByRole('button', { name: '投注' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('add-to-slip'));
    expect((screen.getByTestId('slip-bet') as HTMLButtonElement).disabled).toBe(true);
    const autobet = screen.queryByTestId('slip-autobet') as HTMLButtonElement | null;
    if (autobet) expect(autobet.disabled).toBe(true);
    expect(api.calls.filter((c) => c.init?.method === 'POST')).toHaveLength(0);
  });

  it('with nothing saved, says so instead of waiting for an issue or showing empty lists', async () => {
    stubApi();
    onlineManager.setOnline(false);
    await renderGame(<BoardGamePage drawType="UUMARK6" />);
    const issueBar = await screen.findByTestId('issue-bar');
    expect(issueBar.textContent).toContain('网络已断开，暂无期号数据');
    expect(screen.getByTestId('recent-results').textContent).toContain('网络已断开，暂无已保存的开奖记录');
    expect(screen.getByTestId('my-orders').textContent).toContain('网络已断开，暂无已保存的投注记录');
    const bar = screen.getByTestId('bet-bar');
    expect(within(bar).getByTestId('bar-blocked-reason').textContent).toBe(OFFLINE_MONEY_REASON);
    expect((within(bar).getByRole('button', { name: '投注' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('what is persisted for it', () => {
  it('keeps the issue, results and orders, but no draw data older than a day', () => {
    const client = new QueryClient();
    const now = Date.now();
    client.setQueryDefaults(['draws'], { meta: currentDrawQueryOptions('UUFFC').meta });
    client.setQueryData(currentDrawQueryOptions('UUFFC').queryKey, openDraw('UUFFC', now), { updatedAt: now });
    client.setQueryData(currentDrawQueryOptions('MKSSC').queryKey, openDraw('MKSSC', now), { updatedAt: now - DRAW_PERSIST_MS - 1 });
    client.setQueryData(gameOrdersQueryKey('UUFFC'), { items: [], total: 0, page: 1, pageSize: 10 }, { updatedAt: now - 3 * DRAW_PERSIST_MS });
    const kept = dehydrate(client, dehydrateOptions).queries.map((q) => q.queryKey.join('/'));
    expect(kept).toEqual(['draws/UUFFC/current', 'user/orders/draw-type/UUFFC']);
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLiveEvent } from '../../src/app/features/live/apply-live-event.ts';
import {
  dismissAllSettlementPopups,
  isStacked,
  settlementPopups,
  settlementPopupTitle,
  SETTLEMENT_POPUP_DURATION_MS,
  SETTLEMENT_POPUP_MAX,
  type OrderSettledMessage,
} from '../../src/app/features/notifications/settlement-popups.ts';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import { drawnIssue, fakeServer, orderDetail, PLAYER, preloadLazyScreens, quietBrowser, renderApp } from './orders-app-harness.tsx';

beforeAll(preloadLazyScreens, 60_000);

const message = (orderId: number, winningPrize = 0): OrderSettledMessage => ({
  orderId: String(orderId),
  isAutoBet: false,
  drawType: 'UUFFC',
  playMode: 'REGULAR',
  drawNumber: '202611220123',
  drawResult: '1,2,3,4,5',
  winningPrize,
  betProfit: winningPrize - 2_0000,
});

const settle = (queryClient: QueryClient, orderId: number, winningPrize = 0) =>
  applyLiveEvent(queryClient, 'orderSettledPopup', message(orderId, winningPrize), `evt-${orderId}`);

beforeEach(() => {
  dismissAllSettlementPopups();
  preferences.reset(['gameOrderPopup']);
});
afterEach(() => {
  dismissAllSettlementPopups();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('settlement popup rules (spec §4, §9, §3.4)', () => {
  it('titles: 中奖提醒 for a win, 开奖提醒 otherwise', () => {
    expect(settlementPopupTitle({ winningPrize: 1 })).toBe('中奖提醒');
    expect(settlementPopupTitle({ winningPrize: 0 })).toBe('开奖提醒');
  });

  it('each popup closes by itself after 10 seconds', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    settle(queryClient, 1);
    vi.advanceTimersByTime(4_000);
    settle(queryClient, 2);
    vi.advanceTimersByTime(SETTLEMENT_POPUP_DURATION_MS - 4_000 - 1);
    expect(settlementPopups.get().map((p) => p.message.orderId)).toEqual(['1', '2']);
    vi.advanceTimersByTime(1);
    expect(settlementPopups.get().map((p) => p.message.orderId)).toEqual(['2']);
    vi.advanceTimersByTime(4_000);
    expect(settlementPopups.get()).toEqual([]);
    expect(SETTLEMENT_POPUP_DURATION_MS).toBe(10_000);
  });

  it('keeps at most 10: the oldest gives way', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    for (let id = 1; id <= 12; id++) settle(queryClient, id);
    expect(SETTLEMENT_POPUP_MAX).toBe(10);
    expect(settlementPopups.get().map((p) => p.message.orderId)).toEqual(['3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    // The popups that gave way took their timers with them.
    vi.advanceTimersByTime(SETTLEMENT_POPUP_DURATION_MS);
    expect(settlementPopups.get()).toEqual([]);
  });

  it('stacks from 3 on', () => {
    expect([1, 2, 3, 10].map(isStacked)).toEqual([false, false, true, true]);
  });

  it('shows nothing when the game-order-popup preference is off, but still refreshes orders', () => {
    preferences.set('gameOrderPopup', false);
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    settle(queryClient, 1, 5_0000);
    expect(settlementPopups.get()).toEqual([]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['user', 'orders'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['draws', 'issue', 'UUFFC', '202611220123'] });
  });

  it('ignores a replayed settlement of the same order', () => {
    const queryClient = new QueryClient();
    settle(queryClient, 1);
    applyLiveEvent(queryClient, 'orderSettledPopup', message(1), 'evt-again');
    expect(settlementPopups.get()).toHaveLength(1);
  });
});

describe('settlement popups on screen', () => {
  beforeEach(() => {
    quietBrowser();
    const server = fakeServer();
    server.routes['/ajax/orders/7'] = () => ({ body: orderDetail({ orderId: '7', status: 'WON', result: [1, 2, 3, 4, 5], payout: 19_5000 }) });
    server.routes['/ajax/draws/UUFFC/issues/202611220001'] = () => ({ body: drawnIssue({ drawType: 'UUFFC', issueNumber: '202611220001' }) });
  });

  it('shows the draw type, short draw number, result, prize and profit; collapses into a pile from 3', async () => {
    const { queryClient } = await renderApp(PLAYER, '/');
    act(() => settle(queryClient, 5, 19_5000));
    const first = await screen.findByTestId('settlement-popup');
    expect(first.textContent).toContain('中奖提醒');
    expect(first.textContent).toContain('锦鲤分分彩 第 123 期 · 标准');
    expect(first.textContent).toContain('开奖号码 1,2,3,4,5');
    expect(first.textContent).toContain('中奖 ¥19.50');
    expect(first.textContent).toContain('盈亏 +¥17.50');

    act(() => settle(queryClient, 6));
    expect(screen.getAllByTestId('settlement-popup')).toHaveLength(2);
    expect(screen.getByTestId('settlement-popups').dataset.stacked).toBe('false');
    expect(screen.getAllByTestId('settlement-popup')[0]!.textContent).toContain('开奖提醒');

    act(() => settle(queryClient, 7));
    const stack = screen.getByTestId('settlement-popups');
    expect(stack.dataset.stacked).toBe('true');
    expect(screen.getAllByTestId('settlement-popup')).toHaveLength(1);
    expect(screen.getByTestId('settlement-popup-count').textContent).toBe('共 3 条开奖通知');
    expect(screen.getByTestId('settlement-popup').dataset.orderId).toBe('7');

    fireEvent.click(within(stack).getByRole('button', { name: '展开' }));
    expect(screen.getAllByTestId('settlement-popup').map((p) => p.dataset.orderId)).toEqual(['7', '6', '5']);
    fireEvent.click(within(stack).getByRole('button', { name: '收起' }));
    expect(screen.getAllByTestId('settlement-popup')).toHaveLength(1);

    fireEvent.click(within(screen.getByTestId('settlement-popup')).getByRole('button', { name: '关闭通知' }));
    expect(screen.getAllByTestId('settlement-popup')).toHaveLength(2);
    expect(screen.getByTestId('settlement-popups').dataset.stacked).toBe('false');

    fireEvent.click(within(screen.getAllByTestId('settlement-popup')[0]!).getByRole('button', { name: '关闭通知' }));
    fireEvent.click(within(screen.getByTestId('settlement-popup')).getByRole('button', { name: '关闭通知' }));
    expect(screen.queryByTestId('settlement-popups')).toBeNull();
  });

  it('a click opens the order detail over the current page', async () => {
    const { queryClient, router } = await renderApp(PLAYER, '/');
    act(() => settle(queryClient, 7, 19_5000));
    const popup = await screen.findByTestId('settlement-popup');
    await act(async () => fireEvent.click(within(popup).getByText('点击查看订单详情')));
    const detail = await screen.findByTestId('order-detail');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toMatchObject({ order: 7 });
    expect(await within(detail).findByTestId('order-result')).toBeTruthy();
    expect(screen.queryByTestId('settlement-popup')).toBeNull();
  });

  it('is silent with the preference off', async () => {
    preferences.set('gameOrderPopup', false);
    const { queryClient } = await renderApp(PLAYER, '/');
    act(() => settle(queryClient, 5, 19_5000));
    await waitFor(() => expect(settlementPopups.get()).toEqual([]));
    expect(screen.queryByTestId('settlement-popups')).toBeNull();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderSummary } from '../../src/shared/api/orders.ts';
import {
  applyFilterChange,
  datePresetRange,
  isRecentOrdersQuery,
  orderListPath,
  orderListQuery,
} from '../../src/app/features/orders/order-filters.ts';
import { validateOrderSearch } from '../../src/app/features/orders/order-search.ts';
import {
  formatSignedMoney,
  issueLabel,
  ORDER_STATUS_LABELS,
  orderProfit,
} from '../../src/app/features/orders/order-labels.ts';
import { orderListQueryOptions } from '../../src/app/features/orders/order-queries.ts';
import { shouldPersistQuery } from '../../src/app/lib/persister.ts';
import { fakeServer, orderDetail, PLAYER, preloadLazyScreens, quietBrowser, renderApp, type FakeServer } from './orders-app-harness.tsx';

beforeAll(preloadLazyScreens, 60_000);

describe('order wording', () => {
  it('has one Chinese label per status', () => {
    expect(ORDER_STATUS_LABELS).toEqual({
      PENDING: '待开奖',
      WON: '已中奖',
      LOST: '未中奖',
      CUSTOMER_CANCELED: '已撤单',
      SYSTEM_CANCELED: '系统撤单',
    });
  });

  it('shows the short draw number of spec §9, and 秒开 for instant orders', () => {
    expect(issueLabel('UUFFC', '202611220123', 'short')).toBe('第 123 期');
    expect(issueLabel('UUFFC', '20261122-0123', 'short')).toBe('第 0123 期');
    expect(issueLabel('UUFFC', '202611220123', 'full')).toBe('第 202611220123 期');
    expect(issueLabel('MKSSC', '77', 'short')).toBe('秒开');
  });

  it('computes the profit of settled orders only, signed', () => {
    const won = { status: 'WON', payout: 19_5000, rebate: 1000, totalStake: 2_0000 } as const;
    expect(orderProfit(won)).toBe(17_6000);
    expect(formatSignedMoney(17_6000)).toBe('+¥17.60');
    expect(formatSignedMoney(-2_0000)).toBe('-¥2.00');
    expect(orderProfit({ ...won, status: 'PENDING' })).toBeNull();
    expect(orderProfit({ ...won, status: 'CUSTOMER_CANCELED' })).toBeNull();
  });
});

describe('filters → the API query', () => {
  it('sends only the parameters that are set, in a fixed order', () => {
    expect(orderListPath(orderListQuery({}))).toBe('/ajax/orders?page=1&pageSize=20');
    expect(orderListPath(orderListQuery({ drawType: 'UUFFC', status: 'WON', from: '2026-11-01', to: '2026-11-22', page: 3 }))).toBe(
      '/ajax/orders?drawType=UUFFC&status=WON&from=2026-11-01&to=2026-11-22&page=3&pageSize=20',
    );
  });

  it('a filter change drops empty values and goes back to page 1; a page change keeps the filters', () => {
    const current = { drawType: 'UUFFC', status: 'WON' as const, page: 4 };
    expect(applyFilterChange(current, { status: undefined })).toEqual({ drawType: 'UUFFC' });
    expect(applyFilterChange(current, { drawType: '' })).toEqual({ status: 'WON' });
    expect(applyFilterChange(current, { page: 5 })).toEqual({ drawType: 'UUFFC', status: 'WON', page: 5 });
    expect(applyFilterChange(current, { page: 1 })).toEqual({ drawType: 'UUFFC', status: 'WON' });
  });

  it('reads a reversed date range the way it was meant', () => {
    expect(orderListQuery({ from: '2026-11-22', to: '2026-11-01' })).toMatchObject({ from: '2026-11-01', to: '2026-11-22' });
  });

  it('drops unknown or malformed search values instead of failing', () => {
    expect(validateOrderSearch({ drawType: 'NOPE', status: 'WINNING', from: '2026-02-30', to: 'yesterday', page: '0' })).toEqual({});
    expect(validateOrderSearch({ drawType: 'UUFFC', status: 'LOST', from: '2026-11-01', page: '2', order: 5 })).toEqual({
      drawType: 'UUFFC',
      status: 'LOST',
      from: '2026-11-01',
      page: 2,
    });
  });

  it('computes date presets in Beijing time whatever the device zone', () => {
    // 2026-11-22 17:30 UTC is already 2026-11-23 01:30 in Beijing.
    const now = Date.UTC(2026, 10, 22, 17, 30);
    expect(datePresetRange('today', now)).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(datePresetRange('week', now)).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(datePresetRange('month', now)).toEqual({ from: '2026-10-25', to: '2026-11-23' });
  });

  it('keeps only the recent (unfiltered first) page in the offline cache', () => {
    expect(isRecentOrdersQuery(orderListQuery({}))).toBe(true);
    expect(isRecentOrdersQuery(orderListQuery({ status: 'WON' }))).toBe(false);
    expect(isRecentOrdersQuery(orderListQuery({ page: 2 }))).toBe(false);
    expect(orderListQueryOptions(orderListQuery({ status: 'WON' })).meta).toEqual({ persist: false });
    const persisted = { meta: { persist: true }, state: { status: 'success' } } as unknown as Parameters<typeof shouldPersistQuery>[0];
    expect(shouldPersistQuery(persisted)).toBe(true);
  });
});

const summary = (orderId: string, status: OrderSummary['status'], extra: Partial<OrderSummary> = {}): OrderSummary => {
  const { result: _result, bets: _bets, fairness: _fairness, ...rest } = orderDetail({ orderId, status, ...extra });
  return rest;
};

describe('/account/order overlay', () => {
  let server: FakeServer;
  beforeEach(() => {
    quietBrowser();
    server = fakeServer();
    server.routes['/ajax/orders'] = (url) => {
      const status = url.searchParams.get('status');
      const items = [
        summary('41', 'WON', { payout: 19_5000, issueNumber: '202611220123' }),
        summary('40', 'PENDING', { drawType: 'UU11X5', playMode: 'BOARD' }),
        summary('39', 'SYSTEM_CANCELED'),
        summary('38', 'CUSTOMER_CANCELED'),
        summary('37', 'LOST', { drawType: 'MKSSC', issueNumber: '37' }),
      ].filter((o) => !status || o.status === status);
      return { body: { items, total: status ? items.length : 45, page: Number(url.searchParams.get('page')), pageSize: 20 } };
    };
  });
  afterEach(() => vi.unstubAllGlobals());

  const listCalls = () => server.calls.filter((c) => c.url.startsWith('/ajax/orders?')).map((c) => c.url);

  it('lists the orders with draw type, short draw number, play mode, stake, status and payout', async () => {
    await renderApp(PLAYER, '/account/order');
    const rows = await screen.findAllByTestId('order-row');
    expect(rows).toHaveLength(5);
    expect(rows[0]!.textContent).toContain('锦鲤分分彩');
    expect(rows[0]!.textContent).toContain('第 123 期 · 标准');
    expect(rows[0]!.textContent).toContain('投注 ¥2.00');
    expect(rows[0]!.textContent).toContain('派奖 ¥19.50');
    expect(within(rows[0]!).getByTestId('order-status').textContent).toBe('已中奖');
    expect(rows[1]!.textContent).toContain('锦鲤11选5');
    expect(rows[1]!.textContent).toContain('盘面');
    expect(rows[1]!.textContent).not.toContain('派奖');
    expect(rows.map((r) => within(r).getByTestId('order-status').textContent)).toEqual(['已中奖', '待开奖', '系统撤单', '已撤单', '未中奖']);
    expect(rows[4]!.textContent).toContain('秒开');
    expect(screen.getByTestId('orders-total').textContent).toBe('共 45 条');
    expect(listCalls()).toEqual(['/ajax/orders?page=1&pageSize=20']);
  });

  it('turns filter changes into the URL and the API query, back to page 1', async () => {
    const { router } = await renderApp(PLAYER, '/account/order?page=2');
    await screen.findAllByTestId('order-row');
    expect(listCalls()).toEqual(['/ajax/orders?page=2&pageSize=20']);
    fireEvent.change(screen.getByTestId('filter-status'), { target: { value: 'WON' } });
    await waitFor(() => expect(listCalls()).toContain('/ajax/orders?status=WON&page=1&pageSize=20'));
    expect(router.state.location.search).toEqual({ status: 'WON' });
    fireEvent.change(screen.getByTestId('filter-drawType'), { target: { value: 'UUFFC' } });
    await waitFor(() => expect(listCalls()).toContain('/ajax/orders?drawType=UUFFC&status=WON&page=1&pageSize=20'));
    fireEvent.change(screen.getByTestId('filter-from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByTestId('filter-to'), { target: { value: '2026-11-20' } });
    await waitFor(() =>
      expect(listCalls()).toContain('/ajax/orders?drawType=UUFFC&status=WON&from=2026-11-01&to=2026-11-20&page=1&pageSize=20'),
    );
    fireEvent.click(screen.getByRole('button', { name: '全部日期' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ drawType: 'UUFFC', status: 'WON' }));
  });

  it('pages through the list', async () => {
    const { router } = await renderApp(PLAYER, '/account/order');
    await screen.findAllByTestId('order-row');
    fireEvent.click(screen.getByRole('button', { name: '第 3 页' }));
    await waitFor(() => expect(listCalls()).toContain('/ajax/orders?page=3&pageSize=20'));
    expect(router.state.location.search).toEqual({ page: 3 });
  });

  it('opens the order detail root overlay from a row, over the list', async () => {
    server.routes['/ajax/orders/41'] = () => ({ body: orderDetail({ orderId: '41', status: 'WON', result: [1, 2, 3, 4, 5], payout: 19_5000 }) });
    server.routes['/ajax/draws/UUFFC/issues/202611220001'] = () => ({ status: 404, body: { code: 'NOT_FOUND', message: '期号不存在' } });
    const { router } = await renderApp(PLAYER, '/account/order');
    const [first] = await screen.findAllByTestId('order-row');
    await act(async () => fireEvent.click(first!));
    const detail = await screen.findByTestId('order-detail');
    expect(router.state.location.pathname).toBe('/account/order');
    expect(router.state.location.search).toMatchObject({ order: 41 });
    expect(await within(detail).findByTestId('order-result')).toBeTruthy();
    expect(screen.getByTestId('orders-overlay')).toBeTruthy();
    fireEvent.click(within(detail).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByTestId('order-detail')).toBeNull());
    expect(router.state.location.search).toEqual({});
    expect(screen.getByTestId('orders-overlay')).toBeTruthy();
  });
});

// The order list shows the server's totals for the whole filter (stake, payout, signed profit).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, orderDetail, PLAYER, preloadLazyScreens, quietBrowser, renderApp, type FakeServer } from './orders-app-harness.tsx';

beforeAll(preloadLazyScreens, 60_000);

describe('/account/order totals', () => {
  let server: FakeServer;
  beforeEach(() => {
    quietBrowser();
    server = fakeServer();
    server.routes['/ajax/orders'] = (url) => {
      const status = url.searchParams.get('status');
      const { result: _r, bets: _b, fairness: _f, ...won } = orderDetail({ orderId: '41', status: 'WON', payout: 19_5000 });
      if (status === 'LOST') {
        const { result: _r2, bets: _b2, fairness: _f2, ...lost } = orderDetail({ orderId: '40', status: 'LOST' });
        return { body: { items: [lost], total: 30, page: 1, pageSize: 20, totals: { stake: 60_0000, payout: 0, rebate: 1_2000, profit: -58_8000 } } };
      }
      if (status === 'PENDING') return { body: { items: [], total: 0, page: 1, pageSize: 20, totals: { stake: 0, payout: 0, rebate: 0, profit: 0 } } };
      return { body: { items: [won], total: 45, page: 1, pageSize: 20, totals: { stake: 123_4500, payout: 150_0000, rebate: 5000, profit: 27_0500 } } };
    };
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the stake, payout and profit of the whole filter, and follows the filter', async () => {
    await renderApp(PLAYER, '/account/order');
    expect((await screen.findByTestId('orders-total-stake')).textContent).toBe('¥123.45');
    expect(screen.getByTestId('orders-total-payout').textContent).toBe('¥150.00');
    expect(screen.getByTestId('orders-total-profit').textContent).toBe('+¥27.05');
    fireEvent.change(screen.getByTestId('filter-status'), { target: { value: 'LOST' } });
    await waitFor(() => expect(screen.getByTestId('orders-total-stake').textContent).toBe('¥60.00'));
    expect(screen.getByTestId('orders-total-profit').textContent).toBe('-¥58.80');
  });

  it('shows no totals for an empty list', async () => {
    await renderApp(PLAYER, '/account/order?status=PENDING');
    await screen.findByTestId('orders-empty');
    expect(screen.queryByTestId('orders-totals')).toBeNull();
  });

  it('still lists a page that came without totals (cached before they existed)', async () => {
    server.routes['/ajax/orders'] = () => {
      const { result: _r, bets: _b, fairness: _f, ...won } = orderDetail({ orderId: '41', status: 'WON' });
      return { body: { items: [won], total: 1, page: 1, pageSize: 20 } };
    };
    await renderApp(PLAYER, '/account/order');
    expect(await screen.findAllByTestId('order-row')).toHaveLength(1);
    expect(screen.queryByTestId('orders-totals')).toBeNull();
  });
});

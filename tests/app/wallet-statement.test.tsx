// /account/transaction in the real app with a scripted server: the main wallet's entries with their
// labels, signed amounts and balances; filters become the API query; a date outside spec §9's 30-day
// window is refused before anything is sent; the third-party tab is empty; trial accounts read theirs.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeFilters, statementQuery } from '../../src/app/features/wallet/statement/statement-filters.ts';
import { transactionListQueryOptions } from '../../src/app/features/wallet/statement/statement-queries.ts';
import { applyPaymentStatusEvent } from '../../src/app/features/wallet/payment-status-events.ts';
import { STATEMENT_WINDOW_MESSAGE, statementWindow, transactionListPath, type TransactionEntry } from '../../src/shared/api/wallet.ts';
import { DAY_MS } from '../../src/shared/draws/schedule/beijing-time.ts';
import { fakeServer, PLAYER, quietBrowser, renderApp, type FakeServer } from './orders-app-harness.tsx';

beforeAll(async () => {
  await import('../../src/app/features/wallet/statement/TransactionsOverlay.tsx');
}, 60_000);

const AT = Date.UTC(2026, 10, 22, 4, 5, 6);
const entry = (id: number, type: string, typeLabel: string, amount: number, balanceAfter: number): TransactionEntry => ({
  id,
  type,
  typeLabel,
  amount,
  balanceAfter,
  reference: null,
  memo: null,
  createdAt: AT - id * 60_000,
});
const ENTRIES = [
  entry(1, 'WIN', '派奖', 38_0000, 518_0000),
  entry(2, 'BET', '投注', -20_0000, 480_0000),
  entry(3, 'DEP', '充值', 500_0000, 500_0000),
];

describe('statement filters', () => {
  it('send only what is set; a filter change goes back to page 1', () => {
    expect(transactionListPath(statementQuery({}))).toBe('/ajax/wallet/transactions');
    expect(transactionListPath(statementQuery({ group: 'deposit', from: '2026-11-01', to: '2026-11-20', page: 2 }))).toBe(
      '/ajax/wallet/transactions?type=deposit&from=2026-11-01&to=2026-11-20&page=2',
    );
    expect(changeFilters({ group: 'bet', page: 3 }, { from: '2026-11-01' })).toEqual({ group: 'bet', from: '2026-11-01' });
    expect(changeFilters({ group: 'bet' }, { page: 2 })).toEqual({ group: 'bet', page: 2 });
    expect(changeFilters({ group: 'bet', page: 2 }, { group: undefined })).toEqual({});
  });

  it('keep the statement under the wallet root, refetched by payment status events', async () => {
    const key = transactionListQueryOptions(statementQuery({})).queryKey;
    expect(key.slice(0, 3)).toEqual(['user', 'wallet', 'transactions']);
    const queryClient = new QueryClient();
    queryClient.setQueryData(key, { items: [], total: 0, page: 1, pageSize: 20, from: 'x', to: 'y' });
    applyPaymentStatusEvent(queryClient, { kind: 'DEPOSIT', id: 1, status: 'SUCCESS' });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });
});

describe('/account/transaction overlay', () => {
  let server: FakeServer;
  beforeEach(() => {
    quietBrowser();
    server = fakeServer();
    server.routes['/ajax/wallet/transactions'] = (url) => {
      const type = url.searchParams.get('type');
      const items = ENTRIES.filter((e) => !type || (type === 'deposit' ? e.type === 'DEP' : true));
      return { body: { items, total: items.length, page: 1, pageSize: 20, from: '2026-10-24', to: '2026-11-22' } };
    };
  });
  afterEach(() => vi.unstubAllGlobals());

  const calls = () => server.calls.filter((c) => c.url.startsWith('/ajax/wallet/transactions')).map((c) => c.url);

  it('lists every entry with its label, signed amount, balance after and Beijing time', async () => {
    await renderApp(PLAYER, '/account/transaction/main-wallet');
    const rows = await screen.findAllByTestId('transaction-row');
    expect(rows.map((r) => within(r).getByTestId('transaction-type').textContent)).toEqual(['派奖', '投注', '充值']);
    expect(rows.map((r) => within(r).getByTestId('transaction-amount').textContent)).toEqual(['+¥38.00', '-¥20.00', '+¥500.00']);
    expect(rows.map((r) => within(r).getByTestId('transaction-balance').textContent)).toEqual(['余额 ¥518.00', '余额 ¥480.00', '余额 ¥500.00']);
    expect(within(rows[0]!).getByTestId('transaction-time').textContent).toBe('2026-11-22 12:04:06');
    expect(screen.getByTestId('statement-total').textContent).toBe('共 3 条');
    expect(calls()).toEqual(['/ajax/wallet/transactions']);
  });

  it('asks for the chosen group and dates; a date outside the 30 days is refused without a request', async () => {
    await renderApp(PLAYER, '/account/transaction');
    await screen.findAllByTestId('transaction-row');
    fireEvent.change(screen.getByTestId('filter-group'), { target: { value: 'deposit' } });
    await waitFor(() => expect(calls()).toContain('/ajax/wallet/transactions?type=deposit'));
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(1));
    const { earliest, today } = statementWindow(Date.now());
    fireEvent.change(screen.getByTestId('filter-from'), { target: { value: earliest } });
    fireEvent.change(screen.getByTestId('filter-to'), { target: { value: today } });
    await waitFor(() => expect(calls()).toContain(`/ajax/wallet/transactions?type=deposit&from=${earliest}&to=${today}`));
    const before = calls().length;
    const tooOld = new Date(Date.parse(`${earliest}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
    fireEvent.change(screen.getByTestId('filter-from'), { target: { value: tooOld } });
    expect((await screen.findByTestId('statement-filter-problem')).textContent).toBe(STATEMENT_WINDOW_MESSAGE);
    expect(screen.queryByTestId('statement-list')).toBeNull();
    expect(calls()).toHaveLength(before);
  });

  it('shows an empty third-party tab for a player without third-party records', async () => {
    server.routes['/ajax/wallet/third-party/records'] = () => ({ body: { items: [], page: 1, totalPages: 1 } });
    const { router } = await renderApp(PLAYER, '/account/transaction/main-wallet');
    await screen.findAllByTestId('transaction-row');
    fireEvent.click(screen.getByRole('tab', { name: '第三方钱包' }));
    await screen.findByTestId('third-party-empty');
    expect(router.state.location.pathname).toBe('/account/transaction/third-party');
  });

  it('lets a trial account read its statement', async () => {
    await renderApp({ ...PLAYER, testMode: 'USER_TEST' }, '/account/transaction/main-wallet');
    expect(await screen.findAllByTestId('transaction-row')).toHaveLength(3);
  });
});

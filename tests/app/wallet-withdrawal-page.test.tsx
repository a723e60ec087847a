// /wallet/withdrawal/{tab} and /wallet/withdrawal-history in the real app (route tree, shell, trial
// modal) over a scripted server: the tabs, the recent bank accounts, required stake, the money-password
// link, trial accounts, offline, submitting, and the history with its cancel confirmation.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayoutAccount, PayoutAccountList, Withdrawal, WithdrawalConfig } from '../../src/shared/api/withdrawals.ts';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import { fakeServer, PLAYER, quietBrowser, renderApp, type FakeServer } from './orders-app-harness.tsx';

beforeAll(async () => {
  await Promise.all([
    import('../../src/app/features/wallet/withdrawal/WithdrawalPage.tsx'),
    import('../../src/app/features/wallet/withdrawal/WithdrawalHistoryPage.tsx'),
    import('../../src/app/features/session/TrialRestrictionDialog.tsx'),
  ]);
}, 60_000);

const CONFIG: WithdrawalConfig = {
  balance: 5_000_0000,
  minAmount: 100_0000,
  maxAmount: 50_000_0000,
  dailyCountLimit: 5,
  dailyAmountLimit: 200_000_0000,
  usedToday: { count: 1, amount: 200_0000 },
  feeRateBp: 0,
  feeMin: 0,
  payoutAmountStep: 1,
  requiredStakeRemaining: 300_0000,
  hasMoneyPassword: true,
  enabledKinds: ['BANK', 'USDT', 'DIGITAL_RMB'],
};

function bank(id: number, last4: string): PayoutAccount {
  return {
    id,
    kind: 'BANK',
    label: `中国工商银行 **** ${last4}`,
    bankCode: 'ICBC',
    bankName: '中国工商银行',
    last4,
    branch: '朝阳支行',
    holderName: '张*三',
    protocol: null,
    createdAt: '2026-11-20T00:00:00.000Z',
  };
}

const ACCOUNTS: PayoutAccountList = {
  accounts: [bank(11, '1111'), bank(12, '2222'), bank(13, '3333'), { ...bank(14, '4444'), kind: 'USDT', label: 'USDT-TRC20 Tb2b…b2c', protocol: 'USDT_TRC20' }],
  realName: '张*三',
  maxPerKind: 3,
  hasMoneyPassword: true,
};

function withdrawal(partial: Partial<Withdrawal> & Pick<Withdrawal, 'id'>): Withdrawal {
  return {
    reference: `W2026112600${partial.id}`,
    kind: 'BANK',
    payoutAccountLabel: '中国工商银行 **** 2222',
    amount: 500_0000,
    fee: 0,
    netAmount: 500_0000,
    status: 'PENDING',
    statusText: '申请中',
    reason: null,
    cancellable: true,
    createdAt: '2026-11-26T01:00:00.000Z',
    updatedAt: '2026-11-26T01:00:00.000Z',
    completedAt: null,
    ...partial,
  };
}

let server: FakeServer;

function serve(config: WithdrawalConfig = CONFIG, accounts: PayoutAccountList = ACCOUNTS) {
  server.routes['/ajax/wallet/withdrawal/config'] = () => ({ body: config });
  server.routes['/ajax/wallet/payout-accounts'] = () => ({ body: accounts });
}

const posts = (path: string) => server.calls.filter((call) => call.method !== 'GET' && call.url.startsWith(path));

beforeEach(() => {
  server = fakeServer();
  quietBrowser();
  preferences.set('recentBankAccountIds', []);
});
afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe('/wallet/withdrawal/{tab}', () => {
  it('links only the enabled kinds, in the spec order, and shows balance, required stake and today', async () => {
    serve();
    await renderApp(PLAYER, '/wallet/withdrawal/bank');
    const tabs = await screen.findByTestId('withdrawal-tabs');
    expect(within(tabs).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['银行卡', '/wallet/withdrawal/bank'],
      ['USDT', '/wallet/withdrawal/usdt'],
      ['数字人民币', '/wallet/withdrawal/digital-rmb'],
    ]);
    expect(within(tabs).getByRole('link', { name: '银行卡' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('withdrawal-balance').textContent).toBe('¥5000.00');
    expect(screen.getByTestId('required-stake').textContent).toBe('¥300.00');
    expect(screen.getByTestId('used-today-count').textContent).toBe('1 / 5 次');
    expect(screen.getByTestId('used-today-amount').textContent).toBe('¥200.00 / ¥200000.00');
  });

  it('lists the tab’s own accounts, the recently used bank accounts first and chosen', async () => {
    serve();
    preferences.set('recentBankAccountIds', ['13', '12']);
    await renderApp(PLAYER, '/wallet/withdrawal/bank');
    const list = await screen.findByTestId('payout-accounts');
    const radios = within(list).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.labels?.[0]?.textContent)).toEqual([
      '中国工商银行 **** 3333最近使用',
      '中国工商银行 **** 2222最近使用',
      '中国工商银行 **** 1111',
    ]);
    expect(radios[0]?.checked).toBe(true);
  });

  it('刷新 asks the server for the required stake again and shows it', async () => {
    serve();
    server.routes['/ajax/wallet/required-stake/refresh'] = () => ({ body: { remaining: 0, counted: 300_0000, countedUntil: Date.now() } });
    await renderApp(PLAYER, '/wallet/withdrawal/bank');
    fireEvent.click(await screen.findByTestId('required-stake-refresh'));
    await waitFor(() => expect(screen.getByTestId('required-stake').textContent).toBe('¥0.00'));
    expect(posts('/ajax/wallet/required-stake/refresh').map((call) => call.method)).toEqual(['PUT']);
  });

  it('says a kind is not open when the operator disabled it', async () => {
    serve();
    await renderApp(PLAYER, '/wallet/withdrawal/alipay');
    expect((await screen.findByTestId('withdrawal-kind-disabled')).textContent).toContain('支付宝提现暂未开放');
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
  });

  it('without a money password: a link to set one, no forms', async () => {
    serve({ ...CONFIG, hasMoneyPassword: false }, { ...ACCOUNTS, hasMoneyPassword: false });
    await renderApp(PLAYER, '/wallet/withdrawal/bank');
    const link = await screen.findByTestId('set-money-password-link');
    expect(link.getAttribute('href')).toBe('/account/center');
    expect(screen.queryByTestId('bind-account-form')).toBeNull();
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
  });

  it('opens the bind form at once when the tab has no account yet', async () => {
    serve();
    await renderApp(PLAYER, '/wallet/withdrawal/digital-rmb');
    expect(await screen.findByTestId('no-payout-accounts')).toBeTruthy();
    expect(screen.getByTestId('bind-account-form')).toBeTruthy();
    expect(screen.getByLabelText('钱包编号')).toBeTruthy();
  });

  it('a trial account gets the trial modal instead of binding or withdrawing, and nothing is sent', async () => {
    serve();
    await renderApp({ ...PLAYER, testMode: 'USER_TEST' }, '/wallet/withdrawal/bank');
    const trial = await screen.findByTestId('withdrawal-trial');
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
    fireEvent.click(within(trial).getByRole('button', { name: '提现' }));
    const dialog = await screen.findByTestId('trial-restriction');
    expect(dialog.textContent).toContain('提现');
    expect(server.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('offline: the forms are disabled with the reason, and nothing is queued', async () => {
    serve();
    await renderApp(PLAYER, '/wallet/withdrawal/bank');
    await screen.findByTestId('withdraw-form');
    act(() => onlineManager.setOnline(false));
    expect((await screen.findByTestId('withdrawal-offline')).textContent).toContain('需要联网后才能进行');
    const submit = screen.getByRole('button', { name: '提交' }) as HTMLButtonElement;
    expect(submit.closest('fieldset')?.disabled).toBe(true);
    expect((screen.getByRole('button', { name: '刷新' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(screen.getByTestId('withdraw-form'));
    expect(server.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('submits to the chosen account, shows the new status, and remembers the account as recent', async () => {
    serve();
    const created = withdrawal({ id: 41, payoutAccountLabel: '中国工商银行 **** 2222', status: 'WAITING_FOR_AUDIT' });
    server.routes['/ajax/wallet/withdrawal'] = () => ({ body: created });
    server.routes['/ajax/wallet/withdrawal-history'] = () => ({ body: { items: [created], total: 1, page: 1, pageSize: 20 } });
    await renderApp(PLAYER, '/wallet/withdrawal/bank');
    const list = await screen.findByTestId('payout-accounts');
    fireEvent.click(within(list).getByLabelText('中国工商银行 **** 2222'));
    fireEvent.change(screen.getByLabelText('提现金额（元）'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('资金密码'), { target: { value: 'abc12345' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect((await screen.findByTestId('withdrawal-submitted-status')).textContent).toBe('待审核');
    expect(preferences.get('recentBankAccountIds')).toEqual(['12']);
  });
});

describe('/wallet/withdrawal-history', () => {
  it('lists reference, account, amount, fee, status text and the reason of a rejection', async () => {
    server.routes['/ajax/wallet/withdrawal-history'] = () => ({
      body: {
        items: [
          withdrawal({ id: 51, status: 'AUDIT_NOT_PASSED', reason: '收款账户与实名不符', cancellable: false, fee: 5_0000, netAmount: 495_0000 }),
          withdrawal({ id: 52, status: 'SUCCESS', cancellable: false }),
        ],
        total: 2,
        page: 1,
        pageSize: 10,
      },
    });
    await renderApp(PLAYER, '/wallet/withdrawal-history');
    const rows = await screen.findAllByTestId('withdrawal-row');
    expect(rows[0]?.textContent).toContain('W202611260051');
    expect(rows[0]?.textContent).toContain('中国工商银行 **** 2222');
    expect(rows[0]?.textContent).toContain('手续费 ¥5.00，实际到账 ¥495.00');
    expect(within(rows[0]!).getByTestId('withdrawal-status').textContent).toBe('人工审核未通过');
    expect(within(rows[0]!).getByTestId('withdrawal-reason').textContent).toBe('原因：收款账户与实名不符');
    expect(within(rows[1]!).getByTestId('withdrawal-status').textContent).toBe('成功');
    expect(screen.queryByTestId('cancel-withdrawal')).toBeNull();
  });

  it('filters by status and by date inside the 30 days', async () => {
    server.routes['/ajax/wallet/withdrawal-history'] = () => ({ body: { items: [], total: 0, page: 1, pageSize: 10 } });
    await renderApp(PLAYER, '/wallet/withdrawal-history');
    await screen.findByTestId('withdrawal-history-empty');
    fireEvent.change(screen.getByTestId('filter-status'), { target: { value: 'SUCCESS' } });
    await waitFor(() => expect(server.calls.some((call) => call.url.includes('status=SUCCESS&page=1'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: '近7天' }));
    await waitFor(() => expect(server.calls.some((call) => /status=SUCCESS&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&page=1/.test(call.url))).toBe(true));
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2020-01-01' } });
    await waitFor(() => {
      const last = server.calls.filter((call) => call.url.startsWith('/ajax/wallet/withdrawal-history')).at(-1)!;
      const from = new URL(last.url, 'http://app.test').searchParams.get('from')!;
      expect(from > '2020-01-01').toBe(true);
    });
  });

  it('取消 asks first, then cancels and reloads the list', async () => {
    let cancelled = false;
    server.routes['/ajax/wallet/withdrawal-history'] = () => ({
      body: { items: [withdrawal({ id: 61, ...(cancelled ? { status: 'CANCELLED', cancellable: false } : {}) })], total: 1, page: 1, pageSize: 10 },
    });
    server.routes['/ajax/wallet/withdrawal/61/cancel'] = () => {
      cancelled = true;
      return { body: withdrawal({ id: 61, status: 'CANCELLED', cancellable: false }) };
    };
    await renderApp(PLAYER, '/wallet/withdrawal-history');
    fireEvent.click(await screen.findByTestId('cancel-withdrawal'));
    const confirm = await screen.findByTestId('cancel-withdrawal-confirm');
    expect(posts('/ajax/wallet/withdrawal/61/cancel')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: '确认取消' }));
    await waitFor(() => expect(screen.getByTestId('withdrawal-status').textContent).toBe('用户已取消'));
    expect(posts('/ajax/wallet/withdrawal/61/cancel')).toHaveLength(1);
    expect(screen.queryByTestId('cancel-withdrawal')).toBeNull();
  });
});

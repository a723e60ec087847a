// /wallet/deposit and /wallet/deposit-history in the real app over a scripted server: the method tiles,
// the spec §5 amount messages before anything is sent, recommended amounts, fee and 实际到账, online
// (to the cashier) and offline (transfer details with copy buttons), trial accounts and offline mode.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Deposit, DepositMethodList, DepositMethodView } from '../../src/shared/api/deposits.ts';
import { depositFormErrors, depositPreview } from '../../src/app/features/wallet/deposit/deposit-form.ts';
import { fakeServer, PLAYER, quietBrowser, renderApp, type FakeServer } from './orders-app-harness.tsx';

beforeAll(async () => {
  await Promise.all([
    import('../../src/app/features/wallet/deposit/DepositOverlay.tsx'),
    import('../../src/app/features/wallet/deposit/DepositHistoryPage.tsx'),
    import('../../src/app/features/session/TrialRestrictionDialog.tsx'),
  ]);
}, 60_000);

const ALIPAY: DepositMethodView = {
  code: 'ALIPAY_SCAN',
  name: '支付宝扫码',
  group: 'ALIPAY',
  kind: 'ONLINE',
  minAmount: 100_0000,
  maxAmount: 5000_0000,
  recommendedAmounts: [100_0000, 500_0000, 1000_0000],
  integerOnly: true,
  feeRateBp: 0,
  feeFixed: 0,
};
const DIGITAL: DepositMethodView = { ...ALIPAY, code: 'DIGITAL_RMB', name: '数字人民币', group: 'DIGITAL_RMB', recommendedAmounts: [], maxAmount: 10_000_0000, feeRateBp: 100, feeFixed: 2_0000 };
const BANK: DepositMethodView = { ...ALIPAY, code: 'MANUAL_BANK_TRANSFER', name: '人工银行转账', group: 'BANK', kind: 'OFFLINE', recommendedAmounts: [], integerOnly: false, maxAmount: 100_000_0000 };
const METHODS: DepositMethodList = { methods: [BANK, ALIPAY, DIGITAL], sandbox: true };

function deposit(partial: Partial<Deposit>): Deposit {
  return {
    id: 7,
    reference: 'D2026112600000007',
    methodCode: 'ALIPAY_SCAN',
    methodName: '支付宝扫码',
    kind: 'ONLINE',
    amount: 500_0000,
    fee: 0,
    paidAmount: null,
    creditedAmount: null,
    status: 'PENDING',
    statusText: '待支付',
    cashierUrl: 'http://gateway.test/cashier/gp-1',
    receivingAccount: null,
    payerName: null,
    failureReason: null,
    sandbox: true,
    expiresAt: '2026-11-26T01:15:00.000Z',
    createdAt: '2026-11-26T01:00:00.000Z',
    creditedAt: null,
    ...partial,
  };
}

let server: FakeServer;
const mutations = () => server.calls.filter((call) => call.method !== 'GET');

beforeEach(() => {
  server = fakeServer();
  quietBrowser();
  server.routes['/ajax/wallet/deposit/methods'] = () => ({ body: METHODS });
});
afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe('the deposit form rules (shared with the server)', () => {
  it('gives the spec §5 messages for the chosen method', () => {
    expect(depositFormErrors({ amount: 'abc', payerName: '' }, ALIPAY).amount).toBe('请输入有效的充值金额');
    expect(depositFormErrors({ amount: '', payerName: '' }, ALIPAY).amount).toBe('充值金额不可以为空');
    expect(depositFormErrors({ amount: '50', payerName: '' }, ALIPAY).amount).toBe('请选择推荐金额或填入金额100~5000');
    expect(depositFormErrors({ amount: '100.5', payerName: '' }, DIGITAL).amount).toBe('输入的充值金额必须为整数');
    expect(depositFormErrors({ amount: '99', payerName: '' }, DIGITAL).amount).toBe('充值金额不能低于 100 元');
    expect(depositFormErrors({ amount: '10001', payerName: '' }, DIGITAL).amount).toBe('充值金额不能高于 10000 元');
    expect(depositFormErrors({ amount: '500', payerName: '' }, ALIPAY)).toEqual({});
    expect(depositFormErrors({ amount: '300.25', payerName: '' }, BANK).payerName).toBe('付款人姓名不可以为空');
    expect(depositFormErrors({ amount: '300.25', payerName: '张三' }, BANK)).toEqual({});
    expect(depositFormErrors({ amount: '300', payerName: '' }, null).methodCode).toBe('请选择充值方式');
  });

  it('previews the fee and what reaches the wallet', () => {
    expect(depositPreview('1000', DIGITAL)).toEqual({ fee: 12_0000, credited: 988_0000 });
    expect(depositPreview('abc', DIGITAL)).toEqual({ fee: 0, credited: 0 });
  });
});

describe('/wallet/deposit', () => {
  it('shows the methods grouped, the sandbox notice, and refuses a bad amount before sending anything', async () => {
    await renderApp(PLAYER, '/wallet/deposit');
    const tiles = await screen.findByTestId('deposit-methods');
    expect(within(tiles).getAllByRole('radio').map((tile) => tile.textContent)).toEqual(['人工银行转账线下', '支付宝扫码', '数字人民币']);
    fireEvent.click(screen.getByTestId('deposit-method-ALIPAY_SCAN'));
    expect(screen.getByTestId('deposit-sandbox').textContent).toContain('沙箱');
    fireEvent.change(screen.getByLabelText('充值金额（元）', { exact: false }), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: '立即充值' }));
    expect(await screen.findByText('请选择推荐金额或填入金额100~5000')).toBeTruthy();
    expect(mutations()).toEqual([]);
  });

  it('a recommended amount fills the field; fee and 实际到账 follow; online goes to the cashier in this tab', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    server.routes['/ajax/wallet/deposit'] = () => ({ body: deposit({}) });
    await renderApp(PLAYER, '/wallet/deposit');
    fireEvent.click(await screen.findByTestId('deposit-method-ALIPAY_SCAN'));
    fireEvent.click(within(screen.getByTestId('recommended-amounts')).getByText('¥500'));
    expect((screen.getByLabelText('充值金额（元）', { exact: false }) as HTMLInputElement).value).toBe('500');
    expect(screen.getByTestId('deposit-credited').textContent).toBe('¥500.00');
    fireEvent.click(screen.getByRole('button', { name: '立即充值' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://gateway.test/cashier/gp-1'));
    const posted = mutations();
    expect(posted.map((call) => [call.method, call.url])).toEqual([['POST', '/ajax/wallet/deposit']]);
  });

  it('shows the fee of a charging method as the amount is typed', async () => {
    await renderApp(PLAYER, '/wallet/deposit');
    fireEvent.click(await screen.findByTestId('deposit-method-DIGITAL_RMB'));
    fireEvent.change(screen.getByLabelText('充值金额（元）', { exact: false }), { target: { value: '1000' } });
    expect(screen.getByTestId('deposit-fee').textContent).toBe('¥12.00');
    expect(screen.getByTestId('deposit-credited').textContent).toBe('¥988.00');
  });

  it('offline: asks for the payer name, then shows account, amount and reference with copy buttons and 我已转账', async () => {
    server.routes['/ajax/wallet/deposit'] = () => ({
      body: deposit({
        kind: 'OFFLINE',
        methodCode: 'MANUAL_BANK_TRANSFER',
        methodName: '人工银行转账',
        status: 'WAITING_FOR_AUDIT',
        statusText: '待财务确认',
        cashierUrl: null,
        amount: 300_2500,
        payerName: '张三',
        sandbox: false,
        receivingAccount: { bank: '中国工商银行', name: '金利科技有限公司', account: '6222020200112233445', branch: '上海浦东支行' },
      }),
    });
    await renderApp(PLAYER, '/wallet/deposit');
    await screen.findByTestId('deposit-methods');
    fireEvent.change(screen.getByLabelText('充值金额（元）', { exact: false }), { target: { value: '300.25' } });
    fireEvent.click(screen.getByRole('button', { name: '立即充值' }));
    expect(await screen.findByText('付款人姓名不可以为空')).toBeTruthy();
    expect(mutations()).toEqual([]);
    fireEvent.change(screen.getByLabelText('付款人姓名'), { target: { value: '张三' } });
    fireEvent.click(screen.getByRole('button', { name: '立即充值' }));
    const details = await screen.findByTestId('offline-transfer');
    expect(within(details).getByTestId('receiving-account').textContent).toBe('6222020200112233445');
    expect(within(details).getByTestId('transfer-amount').textContent).toBe('¥300.25');
    expect(within(details).getByTestId('transfer-reference').textContent).toBe('D2026112600000007');
    expect(within(details).getByRole('button', { name: '复制充值单号' })).toBeTruthy();
    expect(within(details).getByRole('link', { name: '我已转账' }).getAttribute('href')).toBe('/wallet/deposit-history');
  });

  it('a trial account gets the trial modal and nothing is sent', async () => {
    await renderApp({ ...PLAYER, testMode: 'USER_TEST' }, '/wallet/deposit');
    const trial = await screen.findByTestId('deposit-trial');
    fireEvent.click(within(trial).getByRole('button', { name: '充值' }));
    expect((await screen.findByTestId('trial-restriction')).textContent).toContain('充值');
    expect(mutations()).toEqual([]);
    expect(server.calls.some((call) => call.url.startsWith('/ajax/wallet/deposit'))).toBe(false);
  });

  it('offline: the form is disabled with the reason and nothing is queued', async () => {
    await renderApp(PLAYER, '/wallet/deposit');
    await screen.findByTestId('deposit-form');
    act(() => onlineManager.setOnline(false));
    expect((await screen.findByTestId('deposit-offline')).textContent).toContain('需要联网后才能进行');
    const submit = screen.getByRole('button', { name: '立即充值' }) as HTMLButtonElement;
    expect(submit.closest('fieldset')?.disabled).toBe(true);
    fireEvent.submit(screen.getByTestId('deposit-form'));
    expect(mutations()).toEqual([]);
  });
});

describe('/wallet/deposit-history', () => {
  it('lists reference, method, amount and the deposit status texts, with the reason of a rejection', async () => {
    server.routes['/ajax/wallet/deposit-history'] = () => ({
      body: {
        items: [
          deposit({ id: 9, status: 'SUCCESS', statusText: '充值成功', creditedAmount: 500_0000, cashierUrl: null }),
          deposit({ id: 8, reference: 'D2026112600000008', kind: 'OFFLINE', methodName: '人工银行转账', status: 'AUDIT_NOT_PASSED', statusText: '财务确认未通过', failureReason: '未查到该笔转账', sandbox: false, cashierUrl: null }),
          deposit({ id: 7 }),
        ],
        total: 3,
        page: 1,
        pageSize: 10,
        from: '2026-10-28',
        to: '2026-11-26',
      },
    });
    await renderApp(PLAYER, '/wallet/deposit-history');
    const list = await screen.findByTestId('deposit-list');
    const rows = within(list).getAllByTestId('deposit-row');
    expect(rows.map((row) => within(row).getByTestId('deposit-status').textContent)).toEqual(['充值成功', '财务确认未通过', '待支付']);
    expect(within(rows[1]!).getByTestId('deposit-failure-reason').textContent).toBe('未查到该笔转账');
    expect(within(rows[2]!).getByTestId('deposit-pay-link').getAttribute('href')).toBe('http://gateway.test/cashier/gp-1');
    expect(within(rows[0]!).getByTestId('deposit-amount').textContent).toBe('¥500.00');
    fireEvent.change(screen.getByTestId('deposit-filter-status'), { target: { value: 'SUCCESS' } });
    await waitFor(() => expect(server.calls.some((call) => call.url.includes('status=SUCCESS'))).toBe(true));
  });
});

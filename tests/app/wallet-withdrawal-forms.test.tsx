// The withdrawal page's two forms on their own: every spec §5 rule of a payout account reaches the
// player with its exact message (as a toast, nothing sent), and the withdrawal amount's rules and fee.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayoutAccount, PayoutKind, WithdrawalConfig } from '../../src/shared/api/withdrawals.ts';
import { BindAccountForm } from '../../src/app/features/wallet/withdrawal/BindAccountForm.tsx';
import { WithdrawForm } from '../../src/app/features/wallet/withdrawal/WithdrawForm.tsx';
import { orderByRecent, rememberRecent } from '../../src/app/features/wallet/withdrawal/recent-bank-accounts.ts';
import { netAmount, withdrawalFee } from '../../src/app/features/wallet/withdrawal/withdrawal-fee.ts';
import { renderWithProviders, scriptedServer } from './accounts-harness.tsx';

const toasts = vi.hoisted(() => ({ errors: [] as string[], successes: [] as string[] }));
vi.mock('../../src/app/lib/notify.ts', () => ({
  toastError: (message: string) => toasts.errors.push(message),
  toastSuccess: (message: string) => toasts.successes.push(message),
}));

beforeEach(() => {
  toasts.errors.length = 0;
  toasts.successes.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

const VALID_CARD = '4111111111111111';
const ERC = `0x${'a1'.repeat(20)}`;
const TRC = `T${'b2'.repeat(16)}c`;

function account(partial: Partial<PayoutAccount> & Pick<PayoutAccount, 'id'>): PayoutAccount {
  return {
    kind: 'BANK',
    label: `中国工商银行 **** ${String(partial.id).padStart(4, '0')}`,
    bankCode: 'ICBC',
    bankName: '中国工商银行',
    last4: '1111',
    branch: '朝阳支行',
    holderName: '张*三',
    protocol: null,
    createdAt: '2026-11-20T00:00:00.000Z',
    ...partial,
  };
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function renderBind(kind: PayoutKind, realName: string | null = null) {
  const bound: PayoutAccount[] = [];
  const view = renderWithProviders(<BindAccountForm kind={kind} realName={realName} disabled={false} onBound={(a) => bound.push(a)} />);
  return { ...view, bound };
}

async function submitExpecting(message: string, calls: unknown[]) {
  fireEvent.click(screen.getByRole('button', { name: '绑定' }));
  await waitFor(() => expect(toasts.errors[0]).toBe(message));
  expect(calls).toEqual([]);
}

function fillBank(overrides: Partial<Record<'bank' | 'card' | 'branch' | 'name' | 'password', string>> = {}) {
  const values = { bank: 'ICBC', card: VALID_CARD, branch: '北京朝阳支行', name: '张三', password: 'abc12345', ...overrides };
  type('开户银行', values.bank);
  type('银行卡号', values.card);
  type('开户支行', values.branch);
  if (screen.queryByLabelText('开户人姓名')) type('开户人姓名', values.name);
  type('资金密码', values.password);
}

describe('binding a bank card', () => {
  it.each([
    [{ bank: '' }, '请选择开户银行'],
    [{ card: '' }, '银行卡号不可以为空'],
    [{ card: '4111111111111112' }, '输入的银行卡号有误，请仔细核对'],
    [{ card: '411111111111' }, '输入的银行卡号有误，请仔细核对'],
    [{ branch: 'Chaoyang' }, '开户支行仅支持 1~20 个中文字'],
    [{ name: '' }, '开户人姓名不可以为空'],
    [{ name: '张3' }, '开户人姓名只支持中/英文'],
    [{ password: '' }, '资金密码不可以为空'],
    [{ password: '1234' }, '密码格式有误'],
  ])('%o → %s, nothing sent', async (overrides, message) => {
    const calls = scriptedServer({});
    renderBind('BANK');
    fillBank(overrides);
    await submitExpecting(message, calls);
  });

  it('sends the card with the real name the first time, and reports the new account', async () => {
    const calls = scriptedServer({ 'POST /ajax/wallet/payout-accounts': () => ({ body: account({ id: 7 }) }) });
    const { bound } = renderBind('BANK');
    fillBank({ card: ` ${VALID_CARD} ` });
    fireEvent.click(screen.getByRole('button', { name: '绑定' }));
    await waitFor(() => expect(bound.map((a) => a.id)).toEqual([7]));
    expect(calls[0]?.body).toEqual({ kind: 'BANK', bankCode: 'ICBC', accountNumber: VALID_CARD, branch: '北京朝阳支行', realName: '张三', moneyPassword: 'abc12345' });
    expect(toasts.successes).toEqual(['银行卡账户已绑定']);
  });

  it('shows a real name already set as fixed and does not send one', async () => {
    const calls = scriptedServer({ 'POST /ajax/wallet/payout-accounts': () => ({ body: account({ id: 8 }) }) });
    renderBind('BANK', '张*三');
    expect(screen.getByTestId('real-name-fixed').textContent).toContain('张*三');
    expect(screen.queryByLabelText('开户人姓名')).toBeNull();
    fillBank();
    fireEvent.click(screen.getByRole('button', { name: '绑定' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).not.toHaveProperty('realName');
  });

  it("marks the server's field message and toasts it", async () => {
    scriptedServer({
      'POST /ajax/wallet/payout-accounts': () => ({ status: 400, body: { code: 'VALIDATION', message: '该银行卡已被绑定', fields: { accountNumber: '该银行卡已被绑定' } } }),
    });
    renderBind('BANK');
    fillBank();
    fireEvent.click(screen.getByRole('button', { name: '绑定' }));
    await waitFor(() => expect(toasts.errors).toEqual(['该银行卡已被绑定']));
    expect(screen.getByText('该银行卡已被绑定')).toBeTruthy();
  });
});

describe('binding the other payout kinds', () => {
  it('USDT: the address is checked against the chosen protocol', async () => {
    const calls = scriptedServer({});
    renderBind('USDT');
    type('协议', 'USDT_ERC20');
    type('钱包地址', TRC);
    type('资金密码', 'abc12345');
    await submitExpecting('钱包地址格式有误', calls);
    toasts.errors.length = 0;
    type('协议', 'USDT_TRC20');
    type('钱包地址', ERC);
    await submitExpecting('钱包地址格式有误', calls);
  });

  it('USDT: a right address is sent with its protocol', async () => {
    const calls = scriptedServer({ 'POST /ajax/wallet/payout-accounts': () => ({ body: account({ id: 9, kind: 'USDT', protocol: 'USDT_ERC20' }) }) });
    renderBind('USDT');
    type('协议', 'USDT_ERC20');
    type('钱包地址', ERC);
    type('资金密码', 'abc12345');
    fireEvent.click(screen.getByRole('button', { name: '绑定' }));
    await waitFor(() => expect(calls[0]?.body).toEqual({ kind: 'USDT', protocol: 'USDT_ERC20', address: ERC, moneyPassword: 'abc12345' }));
  });

  it.each([
    ['TO_PAY', [['钱包地址', 'abc123']], '钱包地址格式有误'],
    ['TO_PAY', [['钱包地址', '']], '钱包地址不可以为空'],
    ['DIGITAL_RMB', [['钱包名称', '我的钱包!'], ['钱包编号', '1234567890123456']], '钱包名称格式不符'],
    ['DIGITAL_RMB', [['钱包名称', '我的钱包'], ['钱包编号', '12345']], '钱包编号格式不符'],
    ['ALIPAY', [['支付宝账号', 'ab#cd'], ['支付宝实名', '张三']], '支付宝账号由 6~100 位字母、数字或 @ . + - _ 组成'],
    ['ALIPAY', [['支付宝账号', 'zhang@qq.com'], ['支付宝实名', 'Zhang3']], '支付宝实名只支持中/英文'],
    ['WECHAT', [['微信号', 'ab'], ['微信实名', '张三']], '微信号由 6~20 位字母、数字、_ 或 - 组成'],
    ['WECHAT', [['微信号', 'wx_zhang3'], ['微信实名', '']], '微信实名不可以为空'],
  ] as const)('%s %o → %s', async (kind, fields, message) => {
    const calls = scriptedServer({});
    renderBind(kind);
    for (const [label, value] of fields) type(label, value);
    type('资金密码', 'abc12345');
    await submitExpecting(message, calls);
  });
});

const CONFIG: WithdrawalConfig = {
  balance: 5_000_0000,
  minAmount: 100_0000,
  maxAmount: 50_000_0000,
  dailyCountLimit: 5,
  dailyAmountLimit: 200_000_0000,
  usedToday: { count: 1, amount: 200_0000 },
  feeRateBp: 100,
  feeMin: 2_0000,
  payoutAmountStep: 1,
  requiredStakeRemaining: 0,
  hasMoneyPassword: true,
  enabledKinds: ['BANK', 'USDT'],
};

describe('the withdrawal amount', () => {
  it('computes the fee as max(feeMin, 1%) floored, and what arrives', () => {
    expect(withdrawalFee(100_0000, CONFIG)).toBe(2_0000);
    expect(withdrawalFee(1_234_5678, CONFIG)).toBe(12_3456);
    expect(netAmount(1_234_5678, CONFIG)).toBe(1_222_2222);
    expect(withdrawalFee(0, CONFIG)).toBe(0);
    expect(withdrawalFee(500_0000, { feeRateBp: 0, feeMin: 0 })).toBe(0);
  });

  it('shows the fee the server charges when the payout gateway counts in 分 (the sub-分 rest joins the fee)', () => {
    // ¥1,003 at 0.15 %: ¥1.5045, net ¥1,001.4955; the gateway carries ¥1,001.49, so the fee is ¥1.5100.
    const fen = { ...CONFIG, feeRateBp: 15, feeMin: 0, payoutAmountStep: 100 };
    expect(withdrawalFee(1_003_0000, fen)).toBe(1_5100);
    expect(netAmount(1_003_0000, fen)).toBe(1_001_4900);
  });

  it.each([
    ['', '提现金额不可以为空'],
    ['abc', '请输入有效的提现金额'],
    ['1.23456', '请输入有效的提现金额'],
    ['99.99', '提现金额不能低于 100 元'],
    ['50000.01', '提现金额不能高于 50000 元'],
  ])('%j → %s, nothing sent', async (amount, message) => {
    const calls = scriptedServer({});
    renderWithProviders(<WithdrawForm config={CONFIG} payoutAccountId={7} disabled={false} onSubmitted={() => {}} />);
    type('提现金额（元）', amount);
    type('资金密码', 'abc12345');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(toasts.errors[0]).toBe(message));
    expect(calls).toEqual([]);
  });

  it('previews the fee and 实际到账, then sends the amount as the 元 typed with a fresh key per request', async () => {
    const withdrawal = {
      id: 31,
      reference: 'W20261126000031',
      kind: 'BANK',
      payoutAccountLabel: '中国工商银行 **** 1111',
      amount: 1000_0000,
      fee: 10_0000,
      netAmount: 990_0000,
      status: 'PENDING',
      statusText: '申请中',
      reason: null,
      cancellable: true,
      createdAt: '2026-11-26T01:00:00.000Z',
      updatedAt: '2026-11-26T01:00:00.000Z',
      completedAt: null,
    };
    const calls = scriptedServer({ 'POST /ajax/wallet/withdrawal': () => ({ body: withdrawal }) });
    const submitted: number[] = [];
    renderWithProviders(<WithdrawForm config={CONFIG} payoutAccountId={7} disabled={false} onSubmitted={(w) => submitted.push(w.id)} />);
    type('提现金额（元）', '1000');
    expect(screen.getByTestId('withdrawal-fee').textContent).toBe('¥10.00');
    expect(screen.getByTestId('withdrawal-net').textContent).toBe('¥990.00');
    type('资金密码', 'abc12345');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(submitted).toEqual([31]));
    const body = calls[0]?.body as { clientKey: string };
    expect(body).toMatchObject({ payoutAccountId: 7, amount: '1000', moneyPassword: 'abc12345' });
    expect(body.clientKey).toMatch(/^[0-9a-f-]{36}$/);
    type('提现金额（元）', '1000');
    type('资金密码', 'abc12345');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect((calls[1]?.body as { clientKey: string }).clientKey).not.toBe(body.clientKey);
  });

  it('keeps the key when no answer came, so a retry cannot withdraw twice', async () => {
    let first = true;
    const calls: { body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: string, init?: RequestInit) => {
        calls.push({ body: JSON.parse(String(init?.body)) as unknown });
        if (first) {
          first = false;
          throw new TypeError('Failed to fetch');
        }
        return new Response(JSON.stringify({ code: 'VALIDATION', message: '资金密码错误' }), { status: 400 });
      }),
    );
    renderWithProviders(<WithdrawForm config={CONFIG} payoutAccountId={7} disabled={false} onSubmitted={() => {}} />);
    type('提现金额（元）', '200');
    type('资金密码', 'abc12345');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(toasts.errors).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(toasts.errors).toEqual(['网络连接失败，请检查网络后重试', '资金密码错误']));
    const [a, b] = calls.map((call) => (call.body as { clientKey: string }).clientKey);
    expect(a).toBe(b);
  });

  // Guards the frontend audit: the key was replaced after any ApiError, and the client turns a proxy's
  // non-JSON 5xx into one, although the withdrawal may well have been created behind it: 提交 again then
  // created a second withdrawal. Only a definitive refusal (a 4xx with the server's own body) replaces it.
  it('keeps the key after a 504 from the gateway: no answer, so 提交 again is the same request', async () => {
    const bodies: { clientKey: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)) as { clientKey: string });
        const gateway = { status: 504, headers: { 'content-type': 'text/html' } };
        if (bodies.length === 1) return new Response('<html><body>504 Gateway Time-out</body></html>', gateway);
        return new Response(JSON.stringify({ code: 'VALIDATION', message: '资金密码错误' }), { status: 400 });
      }),
    );
    renderWithProviders(<WithdrawForm config={CONFIG} payoutAccountId={7} disabled={false} onSubmitted={() => {}} />);
    type('提现金额（元）', '200');
    type('资金密码', 'abc12345');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(toasts.errors).toEqual(['服务器繁忙，请稍后重试']));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(toasts.errors).toHaveLength(2));
    expect(bodies[1]!.clientKey).toBe(bodies[0]!.clientKey);
    // The server refused the second one outright: the next 提交 is a new request.
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]!.clientKey).not.toBe(bodies[1]!.clientKey);
  });
});

describe('recent bank accounts (spec §3.4: 4 kept)', () => {
  it('moves the used id to the front and keeps four', () => {
    expect(rememberRecent(['1', '2', '3', '4'], 3)).toEqual(['3', '1', '2', '4']);
    expect(rememberRecent(['1', '2', '3', '4'], 9)).toEqual(['9', '1', '2', '3']);
  });

  it('lists recently used accounts first, most recent first', () => {
    const accounts = [account({ id: 1 }), account({ id: 2 }), account({ id: 3 }), account({ id: 4 })];
    expect(orderByRecent(accounts, ['3', '99', '1']).map((a) => a.id)).toEqual([3, 1, 2, 4]);
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderBet, OrderDetail } from '../../src/shared/api/orders.ts';
import { describeBoardBet, describeRegularBet } from '../../src/app/features/orders/bet-description.ts';
import { toastError } from '../../src/app/lib/notify.ts';
import { drawnIssue, fakeServer, orderDetail, PLAYER, preloadLazyScreens, quietBrowser, renderApp, type FakeServer } from './orders-app-harness.tsx';

vi.mock('../../src/app/lib/notify.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/app/lib/notify.ts')>()),
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
}));

beforeAll(preloadLazyScreens, 60_000);

const bet = (partial: Partial<OrderBet>): OrderBet => ({
  seq: 1,
  code: 'ZX5',
  name: '复式',
  selection: {},
  mode: 'YUAN',
  multiplier: 1,
  prizeGroup: 1950,
  betCount: 1,
  stake: 2_0000,
  payout: 0,
  rebate: 0,
  outcome: null,
  detail: null,
  ...partial,
});

describe('bets as the player reads them', () => {
  it('regular: full method name, row labels, settings and prize levels hit with their counts', () => {
    const described = describeRegularBet(
      'UUFFC',
      bet({ selection: { rows: [[1, 2], [3], [4], [5], [6]] }, mode: 'JIAO', multiplier: 3, betCount: 2, detail: { winners: [1], capped: false } }),
    );
    expect(described.title).toBe('五星直选复式');
    expect(described.selection).toEqual(['万位：1 2', '千位：3', '百位：4', '十位：5', '个位：6']);
    expect(described.settings).toBe('角模式 · 3 倍 · 奖金组 1950');
    expect(described.hits).toEqual(['五星直选 × 1 注']);
  });

  it('regular 单式: tickets written out, long lists shortened', () => {
    const entries = Array.from({ length: 12 }, (_, i) => [i % 10, 1, 2, 3, 4]);
    const described = describeRegularBet('UUFFC', bet({ code: 'ZX5_S', selection: { entries } }));
    expect(described.selection[0]).toMatch(/^单式：01234，11234，/);
    expect(described.selection[0]).toContain('等共 12 注');
  });

  it('board: bet type and item by their Chinese names, odds of what won', () => {
    const described = describeBoardBet(
      'UUFFC',
      bet({ code: 'SUM', name: '总和', selection: 'BIG', mode: null, multiplier: null, prizeGroup: null, detail: [{ selection: 'BIG', outcome: 'WIN', odds: 19600, payout: 3_9200 }] }),
      '2026-11-22',
    );
    expect(described).toEqual({ title: '总和', selection: ['投注：总和大'], settings: null, hits: ['中奖，赔率 1.96'] });
    const push = describeBoardBet('UUFFC', bet({ code: 'DRAGON_TIGER_1_5', selection: 'DRAGON', detail: [{ selection: 'DRAGON', outcome: 'PUSH', payout: 2_0000 }] }), '2026-11-22');
    expect(push.title).toBe('万个龙虎');
    expect(push.selection).toEqual(['投注：龙']);
    expect(push.hits).toEqual(['和局，退还本金']);
  });
});

describe('order detail root overlay', () => {
  let server: FakeServer;
  let order: OrderDetail;
  const ISSUE = '/ajax/draws/UUFFC/issues/202611220001';

  beforeEach(() => {
    quietBrowser();
    server = fakeServer();
    order = orderDetail({
      orderId: '41',
      status: 'WON',
      result: [1, 2, 3, 4, 5],
      betCount: 2,
      totalStake: 4_0000,
      payout: 19_5000,
      rebate: 400,
      bets: [bet({ selection: { rows: [[1, 2], [2], [3], [4], [5]] }, betCount: 2, stake: 4_0000, payout: 19_5000, rebate: 400, outcome: 'WIN', detail: { winners: [1], capped: false } })],
    });
    server.routes['/ajax/orders/41'] = () => ({ body: order });
    server.routes[ISSUE] = () => ({
      body: drawnIssue({ drawType: 'UUFFC', issueNumber: '202611220001', result: [1, 2, 3, 4, 5], seed: 'aa'.repeat(32), commitment: 'bb'.repeat(32) }),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  async function openDetail(path = '/?order=41') {
    const app = await renderApp(PLAYER, path);
    const detail = await screen.findByTestId('order-detail');
    await within(detail).findByTestId('order-detail-view');
    return { ...app, detail };
  }

  it('shows the result, the amounts, each bet with its hits, and the verification link of a platform draw', async () => {
    const { detail } = await openDetail();
    expect(within(detail).getByText('锦鲤分分彩')).toBeTruthy();
    expect(within(detail).getByText(/第 202611220001 期 · 标准/)).toBeTruthy();
    expect(within(detail).getByTestId('order-status').textContent).toBe('已中奖');
    expect(within(detail).getByTestId('order-result').dataset.result).toBe('1,2,3,4,5');
    expect(within(detail).getByRole('img', { name: '开奖号码 1,2,3,4,5' })).toBeTruthy();
    expect(within(detail).getByTestId('order-stake').textContent).toBe('¥4.00');
    expect(within(detail).getByTestId('order-payout').textContent).toBe('¥19.50');
    expect(within(detail).getByTestId('order-rebate').textContent).toBe('¥0.04');
    expect(within(detail).getByTestId('order-profit').textContent).toBe('+¥15.54');
    const card = within(detail).getByTestId('order-bet');
    expect(card.textContent).toContain('五星直选复式');
    expect(card.textContent).toContain('万位：1 2');
    expect(card.textContent).toContain('元模式 · 1 倍 · 奖金组 1950');
    expect(within(card).getByTestId('order-bet-hits').textContent).toBe('五星直选 × 1 注');
    const link = await within(detail).findByTestId('verify-link');
    expect(link.getAttribute('href')).toBe('/verify/UUFFC/202611220001');
    expect(within(detail).queryByTestId('cancel-order')).toBeNull();
  });

  it('labels a simulated feed draw 模拟开奖 and links to its verification once its seed is revealed', async () => {
    order = orderDetail({ ...order, drawType: 'CQSSC' });
    server.routes['/ajax/draws/CQSSC/issues/202611220001'] = () => ({
      body: drawnIssue({ drawType: 'CQSSC', issueNumber: '202611220001', resultSource: 'simulated', commitment: 'ab'.repeat(32), seed: 'cd'.repeat(32), result: [1, 2, 3, 4, 5] }),
    });
    const { detail } = await openDetail();
    expect((await within(detail).findByText('模拟开奖')).textContent).toBe('模拟开奖');
    expect(within(detail).getByTestId('verify-link').getAttribute('href')).toBe('/verify/CQSSC/202611220001');
  });

  it('a simulated draw from before the simulated feed was committed is labelled, with no link', async () => {
    order = orderDetail({ ...order, drawType: 'CQSSC' });
    server.routes['/ajax/draws/CQSSC/issues/202611220001'] = () => ({ body: drawnIssue({ drawType: 'CQSSC', issueNumber: '202611220001', resultSource: 'simulated', result: [1, 2, 3, 4, 5] }) });
    const { detail } = await openDetail();
    expect((await within(detail).findByText('模拟开奖')).textContent).toBe('模拟开奖');
    expect(within(detail).getByTestId('order-fairness').textContent).toContain('无法验证');
    expect(within(detail).queryByTestId('verify-link')).toBeNull();
  });

  it('labels an official result', async () => {
    order = orderDetail({ ...order, drawType: 'CQSSC' });
    server.routes['/ajax/draws/CQSSC/issues/202611220001'] = () => ({ body: drawnIssue({ drawType: 'CQSSC', issueNumber: '202611220001', resultSource: 'http', result: [1, 2, 3, 4, 5] }) });
    const { detail } = await openDetail();
    expect(await within(detail).findByText('官方开奖')).toBeTruthy();
  });

  it('says why an issue was cancelled (system 撤单)', async () => {
    order = orderDetail({ orderId: '41', status: 'SYSTEM_CANCELED', bets: [bet({})] });
    server.routes[ISSUE] = () => ({ body: drawnIssue({ drawType: 'UUFFC', issueNumber: '202611220001', state: 'CANCELLED', cancelReason: 'NO_RESULT' }) });
    const { detail } = await openDetail();
    expect(within(detail).getByTestId('order-status').textContent).toBe('系统撤单');
    await waitFor(() => expect(within(detail).getByTestId('order-fairness').textContent).toBe('本期已撤销：未能按时取得开奖结果，投注金额已退回。'));
    expect(within(detail).getByTestId('order-profit').textContent).toBe('—');
  });

  it('instant orders: the seed data, and the verification link only once the server seed is revealed', async () => {
    order = orderDetail({ ...order, drawType: 'MKSSC', issueNumber: '41', fairness: { serverSeedHash: 'cc'.repeat(32), clientSeed: 'my-seed', nonce: 3, serverSeed: null } });
    const { detail, unmount } = await openDetail();
    expect(within(detail).getByText(/秒开 · 标准/)).toBeTruthy();
    expect(within(detail).getByTestId('order-fairness').textContent).toContain('服务器种子尚未公开');
    expect(within(detail).queryByTestId('verify-link')).toBeNull();
    unmount();
    order = { ...order, fairness: { ...order.fairness!, serverSeed: 'aa'.repeat(32) } };
    const again = await openDetail();
    expect(within(again.detail).getByTestId('verify-link').getAttribute('href')).toBe('/verify/instant/41');
  });

  it('offers 撤单 while pending and on sale; the server answer replaces the order and the balance', async () => {
    order = orderDetail({ orderId: '41', status: 'PENDING', bets: [bet({})] });
    server.routes[ISSUE] = () => ({ body: drawnIssue({ drawType: 'UUFFC', issueNumber: '202611220001', state: 'OPEN', closesAt: Date.now() + 60_000, drawnAt: null }) });
    server.routes['/ajax/orders/41/cancel'] = () => ({ body: { order: { ...order, status: 'CUSTOMER_CANCELED', cancelledAt: Date.now() }, balance: 1002_0000 } });
    const { detail, queryClient } = await openDetail();
    fireEvent.click(await within(detail).findByTestId('cancel-order'));
    await act(async () => fireEvent.click(within(detail).getByRole('button', { name: '确认撤单' })));
    await waitFor(() => expect(within(detail).getByTestId('order-status').textContent).toBe('已撤单'));
    expect(server.calls).toContainEqual({ url: '/ajax/orders/41/cancel', method: 'PUT' });
    expect(queryClient.getQueryData(['user', 'wallet', 'main-balance'])).toEqual({ balance: 1002_0000 });
    expect(within(detail).queryByTestId('cancel-order')).toBeNull();
    expect(within(detail).getByTestId('order-result-pending').textContent).toBe('本单已撤销');
  });

  it('shows the server refusal of a late 撤单', async () => {
    order = orderDetail({ orderId: '41', status: 'PENDING', bets: [bet({})] });
    server.routes[ISSUE] = () => ({ body: drawnIssue({ drawType: 'UUFFC', issueNumber: '202611220001', state: 'OPEN', closesAt: Date.now() + 60_000, drawnAt: null }) });
    server.routes['/ajax/orders/41/cancel'] = () => ({ status: 409, body: { code: 'CONFLICT', message: '本期已截止投注，不能撤单' } });
    const { detail } = await openDetail();
    fireEvent.click(await within(detail).findByTestId('cancel-order'));
    await act(async () => fireEvent.click(within(detail).getByRole('button', { name: '确认撤单' })));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('本期已截止投注，不能撤单'));
    expect(within(detail).getByTestId('order-status').textContent).toBe('待开奖');
  });

  it('no 撤单 once sales have closed', async () => {
    order = orderDetail({ orderId: '41', status: 'PENDING', bets: [bet({})] });
    server.routes[ISSUE] = () => ({ body: drawnIssue({ drawType: 'UUFFC', issueNumber: '202611220001', state: 'CLOSED', closesAt: Date.now() - 1_000, drawnAt: null }) });
    const { detail } = await openDetail();
    await waitFor(() => expect(server.calls.some((c) => c.url === ISSUE)).toBe(true));
    expect(within(detail).queryByTestId('cancel-order')).toBeNull();
    expect(within(detail).getByTestId('order-result-pending').textContent).toBe('等待开奖');
  });

  it('closing a detail loaded with the page removes the parameter and keeps what was behind', async () => {
    const { detail, router } = await openDetail('/download?order=41');
    expect(screen.getByTestId('download-page')).toBeTruthy();
    fireEvent.click(within(detail).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByTestId('order-detail')).toBeNull());
    expect(router.state.location.pathname).toBe('/download');
    expect(router.state.location.search).toEqual({});
    expect(screen.getByTestId('download-page')).toBeTruthy();
  });

  it('Escape closes only the detail, not the overlay behind it', async () => {
    const { router } = await openDetail('/download?order=41');
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('order-detail')).toBeNull());
    expect(router.state.location.pathname).toBe('/download');
    expect(screen.getByTestId('download-page')).toBeTruthy();
  });

  it('asks an anonymous visitor to log in first', async () => {
    const { router } = await renderApp(null, '/?order=41');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ auth: 'login', order: 41 }));
    expect(screen.queryByTestId('order-detail')).toBeNull();
  });
});

// Placing an order from the page: the body sent is the slip, the key survives a retry after a network
// failure, the balance comes from the answer, refusals are shown and nothing is queued offline.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BALANCE_QUERY_KEY } from '../../src/app/features/wallet/wallet-queries.ts';
import { readSession } from '../../src/app/features/session/session-queries.ts';
import { RegularGamePage } from '../../src/app/features/games/regular/RegularGamePage.tsx';
import { regularStore } from '../../src/app/features/games/regular/regular-store.ts';
import { closeTrialRestriction, trialRestriction } from '../../src/app/features/notifications/trial-restriction.ts';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import { json, openDraw, renderGame, stubApi } from './games-harness.tsx';

const toasts = vi.hoisted(() => ({ error: [] as string[], success: [] as string[] }));
vi.mock('../../src/app/lib/notify.ts', async (original) => ({
  ...(await original<typeof import('../../src/app/lib/notify.ts')>()),
  toastError: (message: string) => toasts.error.push(message),
  toastSuccess: (message: string) => toasts.success.push(message),
}));

function orderAnswer(drawType: string, result: number[] | null = null) {
  return {
    order: {
      orderId: '42',
      drawType,
      playMode: 'REGULAR',
      issueNumber: result ? '42' : '202611220001',
      status: result ? 'LOST' : 'PENDING',
      betCount: 1,
      totalStake: 20_000,
      payout: 0,
      rebate: 0,
      isAutoBet: false,
      createdAt: Date.now(),
      settledAt: null,
      cancelledAt: null,
      result,
      bets: [],
      fairness: null,
    },
    balance: 9_998 * 10_000,
  };
}

async function slipWithOneBet() {
  await screen.findByTestId('selection-panel');
  const rows = screen.getByTestId('selection-panel').querySelectorAll('.jl-pick-row');
  for (const row of rows) fireEvent.click(row.querySelector('.jl-pick-options button')!);
  fireEvent.click(screen.getByTestId('add-to-slip'));
  await waitFor(() => expect(screen.getAllByTestId('slip-line')).toHaveLength(1));
}

const posts = (calls: { path: string; init: RequestInit | undefined }[]) =>
  calls.filter((c) => c.path === '/ajax/orders' && c.init?.method === 'POST').map((c) => JSON.parse(String(c.init!.body)) as Record<string, unknown>);

beforeEach(() => {
  regularStore('UUFFC').set({ draft: null, slip: [], multiplierText: '1' });
  regularStore('MKSSC').set({ draft: null, slip: [], multiplierText: '1' });
  preferences.reset(['cashType', 'gamePrize', 'recentBetMultipliers', 'customBetMultiplier']);
  toasts.error.length = 0;
  toasts.success.length = 0;
  closeTrialRestriction();
  onlineManager.setOnline(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('placing an order', () => {
  it('sends the slip for the issue on sale, updates the balance from the answer and clears the slip', async () => {
    const api = stubApi((path, init) => (path === '/ajax/orders' && init?.method === 'POST' ? json(orderAnswer('UUFFC')) : undefined));
    const { queryClient } = await renderGame(<RegularGamePage drawType="UUFFC" />);
    await slipWithOneBet();
    fireEvent.change(screen.getByTestId('multiplier'), { target: { value: '3' } });
    await waitFor(() => expect(screen.getByTestId('issue-number').textContent).toContain('202611220001'));
    fireEvent.click(screen.getByTestId('slip-bet'));
    const dialog = await screen.findByTestId('confirm-order');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认投注' }));
    await waitFor(() => expect(screen.queryByTestId('slip-line')).toBeNull());
    const [body] = posts(api.calls);
    expect(body).toMatchObject({
      playMode: 'REGULAR',
      drawType: 'UUFFC',
      issueNumber: '202611220001',
      bets: [{ methodId: 'ZX5', selection: { rows: [[0], [0], [0], [0], [0]] }, mode: 'YUAN', multiplier: 1, prizeGroup: 1950 }],
    });
    expect(String(body!.clientKey).length).toBeGreaterThanOrEqual(8);
    expect(queryClient.getQueryData(BALANCE_QUERY_KEY)).toEqual({ balance: 9_998 * 10_000 });
    expect(toasts.success).toEqual(['投注成功，第 202611220001 期']);
    expect(preferences.get('recentBetMultipliers')).toEqual([1]);
  });

  it('a retry after a network failure reuses the order key, so the order is placed once', async () => {
    let attempts = 0;
    const api = stubApi((path, init) => {
      if (path !== '/ajax/orders' || init?.method !== 'POST') return undefined;
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return json(orderAnswer('MKSSC', [1, 2, 3, 4, 5]));
    });
    await renderGame(<RegularGamePage drawType="MKSSC" />);
    await slipWithOneBet();
    fireEvent.click(screen.getByTestId('slip-bet'));
    const dialog = await screen.findByTestId('confirm-order');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认投注' }));
    await waitFor(() => expect(toasts.error).toEqual(['网络连接失败，请检查网络后重试']));
    expect(screen.getAllByTestId('slip-line')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: '确认投注' }));
    expect(await screen.findByTestId('instant-result')).toBeTruthy();
    const sent = posts(api.calls);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.clientKey).toBe(sent[0]!.clientKey);
    expect(sent[0]).not.toHaveProperty('issueNumber');
  });

  // Guards the frontend audit: the dialog made a new key each time it opened, so a bet whose answer was
  // lost, cancelled and bet again from the unchanged slip could be placed twice. The key belongs to the
  // exact order (bets, issue, mode, multiplier) and lives with the slip until the outcome is known.
  it('closing the dialog after a network failure and betting the same unchanged slip again reuses the order key', async () => {
    const api = stubApi((path, init) => {
      if (path !== '/ajax/orders' || init?.method !== 'POST') return undefined;
      // The request reached the server and the order was placed; the answer was lost on the way back.
      throw new TypeError('Failed to fetch');
    });
    await renderGame(<RegularGamePage drawType="UUFFC" />);
    await slipWithOneBet();
    await waitFor(() => expect(screen.getByTestId('issue-number').textContent).toContain('202611220001'));
    fireEvent.click(screen.getByTestId('slip-bet'));
    let dialog = await screen.findByTestId('confirm-order');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认投注' }));
    await waitFor(() => expect(toasts.error).toEqual(['网络连接失败，请检查网络后重试']));
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-order')).toBeNull());
    expect(screen.getAllByTestId('slip-line')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('slip-bet'));
    dialog = await screen.findByTestId('confirm-order');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认投注' }));
    await waitFor(() => expect(posts(api.calls)).toHaveLength(2));
    const [first, second] = posts(api.calls);
    expect(second!.bets).toEqual(first!.bets);
    expect(second!.issueNumber).toBe(first!.issueNumber);
    expect(second!.clientKey).toBe(first!.clientKey);
    // Another order (a second line on the slip) is another key.
    await waitFor(() => expect(toasts.error).toHaveLength(2));
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-order')).toBeNull());
    for (const row of screen.getByTestId('selection-panel').querySelectorAll('.jl-pick-row')) fireEvent.click(row.querySelector('.jl-pick-options button')!);
    fireEvent.click(screen.getByTestId('add-to-slip'));
    await waitFor(() => expect(screen.getAllByTestId('slip-line')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('slip-bet'));
    dialog = await screen.findByTestId('confirm-order');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认投注' }));
    await waitFor(() => expect(posts(api.calls)).toHaveLength(3));
    expect(posts(api.calls)[2]!.clientKey).not.toBe(first!.clientKey);
  });

  // Guards the frontend audit: only the query cache called onUnauthenticated, so a bet refused with 401
  // UNAUTHENTICATED left the player "logged in" with the old balance and 确认投注 still offered.
  it('a bet refused because the session ended logs the player out locally', async () => {
    stubApi((path, init) =>
      path === '/ajax/orders' && init?.method === 'POST' ? json({ code: 'UNAUTHENTICATED', message: '登录已失效，请重新登录' }, 401) : undefined,
    );
    const { queryClient } = await renderGame(<RegularGamePage drawType="UUFFC" />);
    await slipWithOneBet();
    fireEvent.click(screen.getByTestId('slip-bet'));
    const dialog = await screen.findByTestId('confirm-order');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认投注' }));
    await waitFor(() => expect(toasts.error).toEqual(['登录已失效，请重新登录']));
    expect(readSession(queryClient)).toBeNull();
    expect(queryClient.getQueryData(BALANCE_QUERY_KEY)).toBeUndefined();
  });

  it('余额不足 and a closed issue are shown as the server says; the slip stays', async () => {
    let answer = { code: 'INSUFFICIENT_FUNDS', message: '余额不足' };
    stubApi((path, init) => (path === '/ajax/orders' && init?.method === 'POST' ? json(answer, 409) : undefined));
    await renderGame(<RegularGamePage drawType="UUFFC" />);
    await slipWithOneBet();
    fireEvent.click(screen.getByTestId('slip-bet'));
    const dialog = await screen.findByTestId('confirm-order');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认投注' }));
    await waitFor(() => expect(toasts.error).toEqual(['余额不足']));
    answer = { code: 'CONFLICT', message: '第 202611220001 期已截止投注' };
    fireEvent.click(within(dialog).getByRole('button', { name: '确认投注' }));
    await waitFor(() => expect(toasts.error).toEqual(['余额不足', '第 202611220001 期已截止投注']));
    expect(screen.getAllByTestId('slip-line')).toHaveLength(1);
  });

  it('a trial refusal opens the trial-account alert naming the operation', async () => {
    stubApi((path, init) => (path === '/ajax/orders' && init?.method === 'POST' ? json({ code: 'TRIAL_FORBIDDEN', message: '试玩账号不能投注' }, 403) : undefined));
    await renderGame(<RegularGamePage drawType="MKSSC" />);
    await slipWithOneBet();
    fireEvent.click(screen.getByTestId('slip-bet'));
    fireEvent.click(within(await screen.findByTestId('confirm-order')).getByRole('button', { name: '确认投注' }));
    await waitFor(() => expect(trialRestriction.get()).toEqual({ operation: '投注' }));
    expect(toasts.error).toEqual([]);
  });

  it('offline, the bet button and the confirm button are disabled with the reason', async () => {
    const api = stubApi();
    await renderGame(<RegularGamePage drawType="MKSSC" />);
    await slipWithOneBet();
    fireEvent.click(screen.getByTestId('slip-bet'));
    const dialog = await screen.findByTestId('confirm-order');
    onlineManager.setOnline(false);
    await waitFor(() => expect(within(dialog).getByTestId('bet-blocked-reason').textContent).toBe('当前网络已断开，充值、提现、转账和投注需要联网后才能进行'));
    expect((within(dialog).getByRole('button', { name: '确认投注' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('slip-bet') as HTMLButtonElement).disabled).toBe(true);
    expect(posts(api.calls)).toHaveLength(0);
  });

  it('a closed issue blocks the confirm button with 第 N 期已截止投注', async () => {
    const now = Date.now();
    const draw = openDraw('UUFFC', now);
    draw.current = { ...draw.current!, closesAt: now - 1_000 };
    stubApi((path) => (path === '/ajax/draws/UUFFC/current' ? json(draw) : undefined));
    await renderGame(<RegularGamePage drawType="UUFFC" />);
    await slipWithOneBet();
    expect(await screen.findByTestId('sales-closed')).toBeTruthy();
    fireEvent.click(screen.getByTestId('slip-bet'));
    const dialog = await screen.findByTestId('confirm-order');
    expect(within(dialog).getByTestId('bet-blocked-reason').textContent).toBe('第 202611220001 期已截止投注');
  });

  it('a visitor is sent to the login modal instead of the confirm dialog', async () => {
    stubApi();
    const { router } = await renderGame(<RegularGamePage drawType="MKSSC" />, { customer: null });
    await slipWithOneBet();
    fireEvent.click(screen.getByTestId('slip-bet'));
    await waitFor(() => expect((router.state.location.search as { auth?: string }).auth).toBe('login'));
    expect(screen.queryByTestId('confirm-order')).toBeNull();
  });
});

describe('links from the game page', () => {
  it('a row of 我的投注 opens the order detail; 追号 hands the slip to the autobet screen', async () => {
    const order = { ...orderAnswer('UUFFC').order, bets: undefined, result: undefined, fairness: undefined };
    stubApi((path, init) => (path.startsWith('/ajax/orders?') && (init?.method ?? 'GET') === 'GET' ? json({ items: [order], total: 1, page: 1, pageSize: 10 }) : undefined));
    const { router } = await renderGame(<RegularGamePage drawType="UUFFC" />);
    const row = await screen.findByTestId('my-order');
    fireEvent.click(within(row).getByRole('button'));
    await waitFor(() => expect((router.state.location.search as { order?: number }).order).toBe(42));

    await slipWithOneBet();
    fireEvent.click(screen.getByTestId('slip-autobet'));
    await waitFor(() => expect((router.state.location.search as { autobetFor?: string }).autobetFor).toBe('UUFFC.REGULAR'));
    const handed = JSON.parse(sessionStorage.getItem('jinli-autobet-request') ?? 'null') as { bets: { methodId: string }[] };
    expect(handed.bets.map((b) => b.methodId)).toEqual(['ZX5']);
  });

  it('no 追号 on instant draws (spec §4); the 秒开 fairness panel shows the seed hash and rotates it', async () => {
    const api = stubApi((path, init) => {
      if (path === '/ajax/instant-seed') return json({ serverSeedHash: 'a'.repeat(64), clientSeed: 'jinli', nextNonce: 3 });
      if (path === '/ajax/instant-seed/rotate' && init?.method === 'PUT') {
        return json({ revealed: { serverSeedHash: 'a'.repeat(64), clientSeed: 'jinli', nextNonce: 3, serverSeed: 'b'.repeat(64) }, current: { serverSeedHash: 'c'.repeat(64), clientSeed: 'lucky', nextNonce: 0 } });
      }
      return undefined;
    });
    await renderGame(<RegularGamePage drawType="MKSSC" />);
    const panel = await screen.findByTestId('instant-seed');
    expect(await within(panel).findByText('a'.repeat(64))).toBeTruthy();
    expect(within(panel).getByText('下一注随机数：3')).toBeTruthy();
    fireEvent.change(within(panel).getByRole('textbox', { name: '新的客户端种子（可留空）' }), { target: { value: 'lucky' } });
    fireEvent.click(within(panel).getByRole('button', { name: '更换种子' }));
    expect(await within(panel).findByText('b'.repeat(64))).toBeTruthy();
    expect(within(panel).getByText('c'.repeat(64))).toBeTruthy();
    const put = api.calls.find((c) => c.path === '/ajax/instant-seed/rotate');
    expect(JSON.parse(String(put!.init!.body))).toEqual({ clientSeed: 'lucky' });
    expect(screen.queryByTestId('slip-autobet')).toBeNull();
  });
});

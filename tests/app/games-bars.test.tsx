// The sticky bars of the game pages (issue 18 item 1): the bet bar bets the picks on screen in two taps
// (投注 → 确认), edits the same mode and multiplier as the page, and on board pages holds the chips and
// the 投注单 (a drawer); the issue bar warns in the last seconds before 封盘.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Issue } from '../../src/shared/api/draws.ts';
import { BoardGamePage } from '../../src/app/features/games/board/BoardGamePage.tsx';
import { boardStore } from '../../src/app/features/games/board/board-store.ts';
import { IssueBar } from '../../src/app/features/games/common/IssueBar.tsx';
import { RegularGamePage } from '../../src/app/features/games/regular/RegularGamePage.tsx';
import { regularStore } from '../../src/app/features/games/regular/regular-store.ts';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import { json, renderGame, stubApi } from './games-harness.tsx';

vi.mock('../../src/app/lib/notify.ts', async (original) => ({
  ...(await original<typeof import('../../src/app/lib/notify.ts')>()),
  toastError: () => undefined,
  toastSuccess: () => undefined,
}));

const orderAnswer = (drawType: string, playMode: 'REGULAR' | 'BOARD') => ({
  order: {
    orderId: '7',
    drawType,
    playMode,
    issueNumber: '202611220001',
    status: 'PENDING',
    betCount: 1,
    totalStake: 20_000,
    payout: 0,
    rebate: 0,
    isAutoBet: false,
    createdAt: Date.now(),
    settledAt: null,
    cancelledAt: null,
    result: null,
    bets: [],
    fairness: null,
  },
  balance: 9_998 * 10_000,
});

const posts = (calls: { path: string; init: RequestInit | undefined }[]) =>
  calls.filter((c) => c.path === '/ajax/orders' && c.init?.method === 'POST').map((c) => JSON.parse(String(c.init!.body)) as { bets: unknown[] });

const answerOrders = (drawType: string, playMode: 'REGULAR' | 'BOARD') =>
  stubApi((path, init) => (path === '/ajax/orders' && init?.method === 'POST' ? json(orderAnswer(drawType, playMode)) : undefined));

async function pickOneOfEachRow() {
  await screen.findByTestId('selection-panel');
  for (const row of screen.getByTestId('selection-panel').querySelectorAll('.jl-pick-row')) fireEvent.click(row.querySelector('.jl-pick-options button')!);
}

const bar = () => screen.getByTestId('bet-bar');

beforeEach(() => {
  regularStore('UUFFC').set({ draft: null, slip: [], multiplierText: '1' });
  boardStore('UUMARK6').set({ groupName: null, amountText: '10', picks: {}, bets: [] });
  preferences.reset(['cashType', 'boardChips', 'recentBetMultipliers']);
  onlineManager.setOnline(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('regular bet bar', () => {
  it('shows 已选 N 注 and the amount of the picks, and bets them with 投注 → 确认投注', async () => {
    const api = answerOrders('UUFFC', 'REGULAR');
    await renderGame(<RegularGamePage drawType="UUFFC" />);
    await pickOneOfEachRow();
    await waitFor(() => expect(within(bar()).getByTestId('bar-bets').textContent).toBe('1'));
    expect(within(bar()).getByTestId('bar-amount').textContent).toBe('¥2.00');
    fireEvent.click(within(bar()).getByRole('button', { name: '投注' }));
    const dialog = await screen.findByTestId('confirm-order');
    expect(within(dialog).getByTestId('confirm-total').textContent).toBe('共 1 注，合计 ¥2.00');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认投注' }));
    await waitFor(() => expect(posts(api.calls)).toHaveLength(1));
    expect(posts(api.calls)[0]!.bets).toEqual([{ methodId: 'ZX5', selection: { rows: [[0], [0], [0], [0], [0]] }, mode: 'YUAN', multiplier: 1, prizeGroup: 1950 }]);
    // The picks went into the order: the bar is empty again.
    await waitFor(() => expect(within(bar()).getByTestId('bar-bets').textContent).toBe('0'));
  });

  it('counts the slip with the picks, and sends both in one order', async () => {
    const api = answerOrders('UUFFC', 'REGULAR');
    await renderGame(<RegularGamePage drawType="UUFFC" />);
    await pickOneOfEachRow();
    fireEvent.click(screen.getByTestId('add-to-slip'));
    await waitFor(() => expect(screen.getAllByTestId('slip-line')).toHaveLength(1));
    await pickOneOfEachRow();
    await waitFor(() => expect(within(bar()).getByTestId('bar-bets').textContent).toBe('2'));
    expect(within(bar()).getByTestId('bar-amount').textContent).toBe('¥4.00');
    fireEvent.click(within(bar()).getByRole('button', { name: '投注' }));
    fireEvent.click(within(await screen.findByTestId('confirm-order')).getByRole('button', { name: '确认投注' }));
    await waitFor(() => expect(posts(api.calls)).toHaveLength(1));
    expect(posts(api.calls)[0]!.bets).toHaveLength(2);
    await waitFor(() => expect(screen.queryAllByTestId('slip-line')).toHaveLength(0));
  });

  it('edits the same mode and multiplier as the page; incomplete picks are named and block 投注', async () => {
    stubApi();
    await renderGame(<RegularGamePage drawType="UUFFC" />);
    await screen.findByTestId('selection-panel');
    fireEvent.change(within(bar()).getByRole('combobox', { name: '模式' }), { target: { value: 'JIAO' } });
    expect((within(screen.getByTestId('mode-picker')).getByRole('radio', { name: '角' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(bar()).getByRole('textbox', { name: '倍数' }), { target: { value: '3' } });
    expect((screen.getByTestId('multiplier') as HTMLInputElement).value).toBe('3');
    await pickOneOfEachRow();
    await waitFor(() => expect(within(bar()).getByTestId('bar-amount').textContent).toBe('¥0.60'));
    fireEvent.click(screen.getByTestId('selection-panel').querySelector('.jl-pick-row .jl-pick-options button')!);
    expect((await within(bar()).findByTestId('bar-problem')).textContent).not.toBe('');
    expect((within(bar()).getByRole('button', { name: '投注' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('board bet bar', () => {
  it('holds the chips and the 投注单 total, opens the list as a drawer and bets in two taps', async () => {
    const api = answerOrders('UUMARK6', 'BOARD');
    await renderGame(<BoardGamePage drawType="UUMARK6" />);
    await screen.findByTestId('board-bet-list');
    fireEvent.click(within(bar()).getByRole('button', { name: '筹码 50 元' }));
    expect(within(bar()).getByTestId('bar-unit').textContent).toBe('每注 50 元');
    const first = document.querySelector('[data-bet-type] [data-item]') as HTMLElement;
    fireEvent.click(first);
    await waitFor(() => expect(within(bar()).getByTestId('bar-bet-list').textContent).toBe('投注单 1 注 · ¥50.00'));

    fireEvent.click(within(bar()).getByTestId('bar-bet-list'));
    const drawer = await screen.findByTestId('bet-list-drawer');
    expect(within(drawer).getAllByTestId('board-bet')).toHaveLength(1);
    fireEvent.click(within(drawer).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByTestId('bet-list-drawer')).toBeNull());

    fireEvent.click(within(bar()).getByRole('button', { name: '投注' }));
    const dialog = await screen.findByTestId('confirm-order');
    expect(within(dialog).getByTestId('confirm-total').textContent).toBe('共 1 注，合计 ¥50.00');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认投注' }));
    await waitFor(() => expect(posts(api.calls)).toHaveLength(1));
    await waitFor(() => expect(within(bar()).getByTestId('bar-bet-list').textContent).toBe('投注单 为空'));
  });
});

describe('issue bar before 封盘', () => {
  const issue = (closesIn: number): Issue => ({
    drawType: 'UUFFC',
    issueNumber: '202611220001',
    opensAt: Date.now() - 30_000,
    closesAt: Date.now() + closesIn,
    drawAt: Date.now() + closesIn + 5_000,
    state: 'OPEN',
    commitment: null,
  });
  const show = (closesIn: number) =>
    render(
      <MantineProvider>
        <IssueBar drawType="UUFFC" view={{ phase: 'open', issue: issue(closesIn), latest: null, drawing: null }} />
      </MantineProvider>,
    );

  it('counts down to 封盘 quietly until its last seconds', () => {
    show(40_000);
    expect(screen.queryByTestId('closing-soon')).toBeNull();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/^距封盘 /);
  });

  it('warns 即将封盘 in the last 10 seconds', () => {
    show(6_000);
    expect(screen.getByTestId('closing-soon').textContent).toBe('即将封盘');
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/^距封盘 /);
  });
});

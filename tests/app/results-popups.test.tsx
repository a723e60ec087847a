// Issue 18 item 3, result popups: a popup never tells a result before the page's own animation has
// shown it (the dice stage, an instant bet's result dialog), never covers the issue bar's countdown,
// and an autobet's results come as one grouped notice.
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DiceStage } from '../../src/app/features/games/dice/DiceStage.tsx';
import { InstantResultDialog, revealDurationMs } from '../../src/app/features/games/orders/InstantResultDialog.tsx';
import {
  claimSettlementPopup,
  dismissAllSettlementPopups,
  INSTANT_CLAIM_WAIT_MS,
  REVEAL_HOLD_MAX_MS,
  settlementPopups,
  showSettlementPopup,
  watchReveals,
  type OrderSettledMessage,
} from '../../src/app/features/notifications/settlement-popups.ts';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import { createQueryClient } from '../../src/app/lib/query-client.ts';
import { theme } from '../../src/app/theme.ts';
import { drawnIssue, orderDetail } from './orders-app-harness.tsx';

const message = (orderId: number, partial: Partial<OrderSettledMessage> = {}): OrderSettledMessage => ({
  orderId: String(orderId),
  isAutoBet: false,
  drawType: 'UUFFC',
  playMode: 'REGULAR',
  drawNumber: '202611220123',
  drawResult: '1,2,3,4,5',
  winningPrize: 0,
  betProfit: -2_0000,
  ...partial,
});
const settle = (m: OrderSettledMessage) => showSettlementPopup({ id: `evt-${m.orderId}`, message: m });
const shownOrders = () => settlementPopups.get().flatMap((p) => (p.grouped ?? [p.message]).map((m) => m.orderId));

beforeEach(() => {
  dismissAllSettlementPopups();
  preferences.reset(['gameOrderPopup']);
});
afterEach(() => {
  dismissAllSettlementPopups();
  vi.useRealTimers();
});

describe('instant results: the bet’s own dialog tells them', () => {
  it('an instant popup waits for the dialog to claim it, and then never shows', () => {
    vi.useFakeTimers();
    settle(message(1, { drawType: 'MKSSC' }));
    expect(shownOrders()).toEqual([]);
    claimSettlementPopup('1');
    vi.advanceTimersByTime(INSTANT_CLAIM_WAIT_MS * 2);
    expect(shownOrders()).toEqual([]);
    // A popup arriving after the claim (a replay) stays away too.
    settle(message(1, { drawType: 'MKSSC' }));
    vi.advanceTimersByTime(INSTANT_CLAIM_WAIT_MS);
    expect(shownOrders()).toEqual([]);
  });

  it('an unclaimed instant popup (a bet from another tab) shows after the wait', () => {
    vi.useFakeTimers();
    settle(message(2, { drawType: 'MKSSC' }));
    vi.advanceTimersByTime(INSTANT_CLAIM_WAIT_MS - 1);
    expect(shownOrders()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shownOrders()).toEqual(['2']);
  });

  it('the dialog says won or lost only once the balls have landed, and claims the order’s popup', async () => {
    settle(message(41, { drawType: 'MKSSC' }));
    const queryClient = createQueryClient();
    const order = orderDetail({ orderId: '41', drawType: 'MKSSC', status: 'WON', payout: 19_5000, result: [1, 2, 3, 4, 5] });
    const startedAt = Date.now();
    render(
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={queryClient}>
          <InstantResultDialog drawType="MKSSC" order={order} onClose={() => undefined} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const dialog = await screen.findByTestId('instant-result');
    expect(within(dialog).queryByTestId('instant-outcome')).toBeNull();
    expect(dialog.textContent).toContain('开奖中…');
    expect(dialog.querySelector('.jl-reveal')!.getAttribute('aria-hidden')).toBe('true');
    const outcome = await within(dialog).findByTestId('instant-outcome', {}, { timeout: 3_000 });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(revealDurationMs('MKSSC') - 50);
    expect(outcome.textContent).toBe('恭喜中奖 ¥19.50');
    expect(dialog.querySelector('.jl-reveal')!.getAttribute('aria-hidden')).toBe('false');
    // Claimed: neither the popup that came before the dialog nor a replay after it ever shows.
    vi.useFakeTimers();
    settle(message(41, { drawType: 'MKSSC' }));
    vi.advanceTimersByTime(INSTANT_CLAIM_WAIT_MS * 2);
    expect(shownOrders()).toEqual([]);
  });

  it('the reveal lasts until the last ball has landed', () => {
    expect(revealDurationMs('MKSSC')).toBe(4 * 150 + 350);
    expect(revealDurationMs('MKK3')).toBe(2 * 150 + 350);
    expect(revealDurationMs('MKKENO')).toBe(750 + 350);
  });
});

describe('dice results: popups wait for the dice to land', () => {
  it('holds a draw type’s popups until its stage has revealed that issue', () => {
    vi.useFakeTimers();
    const stage = watchReveals('F1TB');
    stage.revealed('202611220122');
    settle(message(1, { drawType: 'F1TB', drawNumber: '202611220122' }));
    settle(message(2, { drawType: 'F1TB', drawNumber: '202611220123' }));
    settle(message(3, { drawType: 'UUFFC', drawNumber: '202611220123' }));
    expect(shownOrders()).toEqual(['1', '3']);
    stage.revealed('202611220123');
    expect(shownOrders()).toEqual(['1', '3', '2']);
    stage.stop();
  });

  it('lets held popups go when the stage leaves, or after the longest hold', () => {
    vi.useFakeTimers();
    const stage = watchReveals('F1TB');
    settle(message(1, { drawType: 'F1TB' }));
    expect(shownOrders()).toEqual([]);
    stage.stop();
    expect(shownOrders()).toEqual(['1']);
    const stuck = watchReveals('UU3TB');
    settle(message(2, { drawType: 'UU3TB' }));
    vi.advanceTimersByTime(REVEAL_HOLD_MAX_MS - 1);
    expect(shownOrders()).not.toContain('2');
    vi.advanceTimersByTime(1);
    expect(shownOrders()).toContain('2');
    stuck.stop();
  });

  it('the dice stage reveals a new throw only after its roll', async () => {
    const latest = (issueNumber: string, result: number[]) => drawnIssue({ drawType: 'F1TB', issueNumber, result });
    const view = render(
      <MantineProvider theme={theme} env="test">
        <DiceStage latest={latest('202611220122', [1, 2, 3])} />
      </MantineProvider>,
    );
    settle(message(7, { drawType: 'F1TB', drawNumber: '202611220123' }));
    expect(shownOrders()).toEqual([]);
    view.rerender(
      <MantineProvider theme={theme} env="test">
        <DiceStage latest={latest('202611220123', [6, 6, 6])} />
      </MantineProvider>,
    );
    // Rolling from the first render of the new issue: neither its faces nor its text show yet.
    expect(screen.getByTestId('dice-stage').dataset.rolling).toBe('true');
    expect(screen.queryByTestId('dice-result-text')).toBeNull();
    expect(screen.getByTestId('dice-stage').textContent).toContain('开奖中…');
    expect(shownOrders()).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('dice-result-text').textContent).toContain('6 6 6'), { timeout: 3_000 });
    expect(shownOrders()).toEqual(['7']);
    view.unmount();
  });
});

describe('autobet results: one grouped notice', () => {
  it('an autobet’s settled orders join one notice per draw type, with their sums', () => {
    vi.useFakeTimers();
    settle(message(1, { isAutoBet: true, drawNumber: '202611220121', winningPrize: 5_0000, betProfit: 3_0000 }));
    settle(message(2, { isAutoBet: true, drawNumber: '202611220122' }));
    settle(message(3, { isAutoBet: true, drawNumber: '202611220123' }));
    settle(message(4));
    settle(message(5, { isAutoBet: true, drawType: 'UUK3' }));
    const popups = settlementPopups.get();
    expect(popups).toHaveLength(3);
    expect(popups[0]!.grouped!.map((m) => m.orderId)).toEqual(['1', '2', '3']);
    expect(popups[0]!.message.orderId).toBe('3');
    // A replay of a grouped order adds nothing.
    settle(message(2, { isAutoBet: true, drawNumber: '202611220122' }));
    expect(settlementPopups.get()[0]!.grouped).toHaveLength(3);
  });

  it('shows the group as one card: count, latest result, total prize and profit', async () => {
    const { default: SettlementPopupStack } = await import('../../src/app/features/notifications/settlement-popups-stack.tsx');
    settle(message(1, { isAutoBet: true, drawNumber: '202611220121', winningPrize: 5_0000, betProfit: 3_0000 }));
    settle(message(2, { isAutoBet: true, drawNumber: '202611220122', drawResult: '9,9,9,9,9' }));
    renderStack(<SettlementPopupStack />);
    const cards = await screen.findAllByTestId('settlement-popup');
    expect(cards).toHaveLength(1);
    expect(cards[0]!.dataset.grouped).toBe('2');
    expect(cards[0]!.textContent).toContain('中奖提醒');
    expect(cards[0]!.textContent).toContain('追号 2 单已开奖');
    expect(cards[0]!.textContent).toContain('开奖号码 9,9,9,9,9');
    expect(cards[0]!.textContent).toContain('合计中奖 ¥5.00');
    expect(cards[0]!.textContent).toContain('盈亏 +¥1.00');
  });
});

function renderStack(ui: React.ReactNode) {
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

describe('popups keep clear of the countdown', () => {
  it('start below a game page’s issue bar, wherever it is', async () => {
    const { default: SettlementPopupStack } = await import('../../src/app/features/notifications/settlement-popups-stack.tsx');
    const bar = document.createElement('div');
    bar.dataset.testid = 'issue-bar';
    let bottom = 180;
    bar.getBoundingClientRect = () => ({ bottom, top: bottom - 80, left: 0, right: 390, width: 390, height: 80, x: 0, y: bottom - 80, toJSON: () => ({}) });
    document.body.append(bar);
    settle(message(1));
    renderStack(<SettlementPopupStack />);
    const stack = await screen.findByTestId('settlement-popups');
    expect(stack.style.top).toBe('188px');
    bottom = 136;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(stack.style.top).toBe('144px');
    bar.remove();
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(Number.parseInt(stack.style.top, 10)).toBeLessThanOrEqual(72);
  });
});

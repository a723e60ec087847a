// The regular page against the engine: for a sample of methods of every category, the 注数 and amount
// the page shows for what was clicked are quoteOrder's for the same selection; 单式 problems, modes,
// multipliers, the prize slider, 机选 and the slip that survives a re-mount.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getMethod,
  methodIds,
  methodLimits,
  parseTickets,
  quoteOrder,
  randomSelection,
  type MethodDefinition,
  type PickValue,
  type Selection,
} from '../../src/shared/lottery/index.ts';
import { formatMoney } from '../../src/shared/money.ts';
import { clampPrizeGroup, DEFAULT_PLAYER_PRIZE_GROUP, prizeGroupRange } from '../../src/app/features/games/common/prize-group.ts';
import { formatTicket } from '../../src/app/features/games/regular/regular-line.ts';
import { RegularGamePage } from '../../src/app/features/games/regular/RegularGamePage.tsx';
import { regularStore } from '../../src/app/features/games/regular/regular-store.ts';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import { renderGame, stubApi } from './games-harness.tsx';

const SAMPLE_PER_CATEGORY = 12;
const DRAW_TYPES = ['UUFFC', 'UU11X5', 'UU3D', 'P5', 'UUPK10', 'UUK3', 'UUFFKENO', 'UUSSQ', 'UUDLT'];

/** A seeded generator, so a failing sample can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function sample(drawType: string): string[] {
  const ids = methodIds(drawType);
  const step = Math.max(1, Math.ceil(ids.length / SAMPLE_PER_CATEGORY));
  return ids.filter((_, i) => i % step === 0);
}

/** Picks per row as the test clicks them: rows take consecutive options, shifted so rows rarely overlap. */
function plannedRows(method: MethodDefinition): PickValue[][] {
  let offset = 0;
  return method.layout.rows.map((row) => {
    const n = Math.max(1, Math.min(row.minPicks + 1, row.maxPicks, row.options.length));
    const start = offset % Math.max(1, row.options.length - n + 1);
    offset += n;
    return row.options.slice(start, start + n).map((o) => o.value);
  });
}

function expectedQuote(drawType: string, method: MethodDefinition, selection: Selection) {
  const limits = methodLimits(drawType, method.id);
  const prizeGroup = limits.prizeGroup ? clampPrizeGroup(undefined, prizeGroupRange(limits.prizeGroup, DEFAULT_PLAYER_PRIZE_GROUP)) : undefined;
  try {
    const quote = quoteOrder(drawType, method.id, { selection, mode: 'YUAN', multiplier: 1, prizeGroup, userPrizeGroup: DEFAULT_PLAYER_PRIZE_GROUP });
    return { ok: true as const, bets: quote.bets, amount: formatMoney(quote.stake) };
  } catch (error) {
    return { ok: false as const, message: (error as Error).message };
  }
}

async function chooseMethod(method: MethodDefinition) {
  const picker = screen.getByTestId('method-picker');
  fireEvent.click(within(screen.getByTestId('method-groups')).getByRole('button', { name: method.group }));
  const button = picker.querySelector(`[data-method-id="${method.id}"]`) as HTMLElement;
  fireEvent.click(button);
  await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
}

function clickRows(rows: PickValue[][], method: MethodDefinition) {
  const rowElements = screen.getByTestId('selection-panel').querySelectorAll('.jl-pick-row');
  rows.forEach((picks, i) => {
    const options = rowElements[i]!.querySelector('.jl-pick-options')!;
    for (const value of picks) {
      const label = method.layout.rows[i]!.options.find((o) => o.value === value)!.label;
      const button = [...options.querySelectorAll('button')].find((b) => b.textContent === label)!;
      fireEvent.click(button);
    }
  });
}

beforeEach(() => {
  for (const drawType of DRAW_TYPES) regularStore(drawType).set({ draft: null, slip: [], multiplierText: '1' });
  stubApi();
  onlineManager.setOnline(true);
  preferences.reset(['cashType', 'gamePrize', 'recentBetMultipliers', 'customBetMultiplier']);
});
afterEach(() => vi.unstubAllGlobals());

describe('the page prices what was picked exactly as the engine does', () => {
  for (const drawType of DRAW_TYPES) {
    it(`${drawType}: a sample of methods`, async () => {
      await renderGame(<RegularGamePage drawType={drawType} />);
      await screen.findByTestId('selection-panel');
      const rng = seeded(drawType.length * 7919);
      for (const id of sample(drawType)) {
        const method = getMethod(drawType, id);
        await chooseMethod(method);
        const rows = plannedRows(method);
        clickRows(rows, method);
        const selection: { rows?: PickValue[][]; entries?: number[][]; positions?: number[] } = {};
        if (method.layout.rows.length > 0) selection.rows = rows;
        if (method.layout.entry) {
          const entries = [randomSelection(drawType, id, rng), randomSelection(drawType, id, rng)].flatMap((s) => s.entries ?? []);
          const text = entries.map((e) => formatTicket(e, method.layout.entry!)).join('\n');
          fireEvent.change(screen.getByTestId('ticket-entry'), { target: { value: text } });
          selection.entries = parseTickets(drawType, id, text).entries;
        }
        if (method.layout.positions) selection.positions = [...method.layout.positions.defaultPositions];
        const expected = expectedQuote(drawType, method, selection);
        await waitFor(() => {
          if (expected.ok) {
            expect(screen.getByTestId('line-bets').textContent, `${drawType} ${id}`).toBe(String(expected.bets));
            expect(screen.getByTestId('line-amount').textContent, `${drawType} ${id}`).toBe(expected.amount);
          } else {
            expect(screen.getByTestId('line-quote').textContent, `${drawType} ${id} ${JSON.stringify(selection)}`).toBe(expected.message);
          }
        });
      }
    }, 120_000);
  }
});

describe('regular page', () => {
  it('单式 lists invalid and repeated tickets and prices only the valid ones', async () => {
    await renderGame(<RegularGamePage drawType="UUFFC" />);
    await chooseMethod(getMethod('UUFFC', 'QZU3_S'));
    fireEvent.change(screen.getByTestId('ticket-entry'), { target: { value: '001 010 123\n556；565' } });
    await waitFor(() => expect(screen.getByTestId('ticket-valid-count').textContent).toBe('有效号码 2 注'));
    expect(screen.getByText('错误号码（1）：123')).toBeTruthy();
    expect(screen.getByText('重复号码（2）：010、565')).toBeTruthy();
    expect(screen.getByTestId('line-amount').textContent).toBe('¥4.00');
    fireEvent.click(screen.getByRole('button', { name: '删除错误和重复号码' }));
    await waitFor(() => expect((screen.getByTestId('ticket-entry') as HTMLTextAreaElement).value).toBe('001\n556'));
  });

  it('mode and multiplier change the amount as quoteOrder does; invalid multipliers are refused', async () => {
    await renderGame(<RegularGamePage drawType="UUFFC" />);
    await screen.findByTestId('selection-panel');
    const method = getMethod('UUFFC', 'ZX5');
    const rows = plannedRows(method);
    clickRows(rows, method);
    fireEvent.click(screen.getByRole('radio', { name: '分' }));
    fireEvent.change(screen.getByTestId('multiplier'), { target: { value: '7' } });
    const quote = quoteOrder('UUFFC', 'ZX5', { selection: { rows }, mode: 'FEN', multiplier: 7, prizeGroup: 1950, userPrizeGroup: 1950 });
    await waitFor(() => expect(screen.getByTestId('line-amount').textContent).toBe(formatMoney(quote.stake)));
    expect(preferences.get('cashType')).toBe('FEN');
    fireEvent.change(screen.getByTestId('multiplier'), { target: { value: '100000' } });
    expect(await screen.findByText('倍数必须大于 0 且小于 100000')).toBeTruthy();
    fireEvent.change(screen.getByTestId('multiplier'), { target: { value: '20000' } });
    expect(await screen.findByText('倍数不能超过 10000')).toBeTruthy();
    expect((screen.getByTestId('add-to-slip') as HTMLButtonElement).disabled).toBe(true);
  });

  it('the prize slider trades prize group for rebate, and is absent for the fixed-prize categories', async () => {
    const view = await renderGame(<RegularGamePage drawType="UUFFC" />);
    await screen.findByTestId('selection-panel');
    const slider = within(screen.getByTestId('prize-slider')).getByRole('slider');
    expect(slider.getAttribute('max')).toBe('1950');
    expect(slider.getAttribute('min')).toBe('1700');
    const method = getMethod('UUFFC', 'ZX5');
    const rows = plannedRows(method);
    clickRows(rows, method);
    fireEvent.change(slider, { target: { value: '1900' } });
    expect(preferences.get('gamePrize').UUFFC).toBe(1900);
    expect(slider.getAttribute('aria-valuetext')).toBe('奖金组 1900，返点 2.50%');
    const quote = quoteOrder('UUFFC', 'ZX5', { selection: { rows }, mode: 'YUAN', multiplier: 1, prizeGroup: 1900, userPrizeGroup: 1950 });
    await waitFor(() => expect(screen.getByTestId('line-quote').textContent).toContain(`返点 ${formatMoney(quote.rebate)}`));
    view.unmount();
    for (const drawType of ['UUFFKENO', 'UUSSQ', 'UUDLT']) {
      const other = await renderGame(<RegularGamePage drawType={drawType} />);
      await screen.findByTestId('selection-panel');
      expect(screen.queryByTestId('prize-slider')).toBeNull();
      other.unmount();
    }
  });

  it('机选 adds priced lines; the slip total is the sum of the engine quotes and survives a re-mount', async () => {
    const first = await renderGame(<RegularGamePage drawType="UUPK10" />);
    fireEvent.click(screen.getByRole('button', { name: '机选5注' }));
    await waitFor(() => expect(screen.getAllByTestId('slip-line')).toHaveLength(5));
    const lines = regularStore('UUPK10').get().slip;
    for (const line of lines) {
      const quote = quoteOrder('UUPK10', line.methodId, { selection: line.selection, mode: line.mode, multiplier: line.multiplier, prizeGroup: line.prizeGroup!, userPrizeGroup: 1950 });
      expect([line.bets, line.stake]).toEqual([quote.bets, quote.stake]);
    }
    const total = lines.reduce((sum, l) => sum + l.stake, 0);
    expect(screen.getByTestId('slip-total').textContent).toContain(formatMoney(total));
    first.unmount();
    await renderGame(<RegularGamePage drawType="UUPK10" />);
    expect(await screen.findAllByTestId('slip-line')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: /删除第 1 条/ }));
    expect(screen.getAllByTestId('slip-line')).toHaveLength(4);
  });

  it('a row never takes more than its maximum picks', async () => {
    await renderGame(<RegularGamePage drawType="UUSSQ" />);
    await screen.findByTestId('selection-panel');
    const method = getMethod('UUSSQ', 'SSQFS');
    const red = screen.getByTestId('selection-panel').querySelectorAll('.jl-pick-row')[0]!;
    for (const button of red.querySelectorAll('.jl-pick-options button')) fireEvent.click(button);
    expect(red.querySelectorAll('[aria-pressed="true"]').length).toBe(method.layout.rows[0]!.maxPicks);
    expect(method.layout.rows[0]!.maxPicks).toBeLessThan(method.layout.rows[0]!.options.length);
  }, 30_000);
});

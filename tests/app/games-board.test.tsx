// Board and dice pages: chips and amounts, item and multi-pick bets priced by the board engine (the
// server's validation), per-bet stakes, the chip settings, and the dice table.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validateBoardBet } from '../../src/shared/lottery/board/index.ts';
import { formatMoney, yuan } from '../../src/shared/money.ts';
import { BoardGamePage } from '../../src/app/features/games/board/BoardGamePage.tsx';
import { beijingDate } from '../../src/app/features/games/board/board-bets.ts';
import { boardStore } from '../../src/app/features/games/board/board-store.ts';
import { DiceGamePage } from '../../src/app/features/games/dice/DiceGamePage.tsx';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import { renderGame, stubApi } from './games-harness.tsx';

const item = (betTypeId: string, itemId: string) => document.querySelector(`[data-bet-type="${betTypeId}"] [data-item="${itemId}"]`) as HTMLElement;

beforeEach(() => {
  for (const code of ['UUPK10', 'UUMARK6', 'F1TB']) boardStore(code).set({ groupName: null, amountText: '10', picks: {}, bets: [] });
  preferences.reset(['boardChips']);
  onlineManager.setOnline(true);
  stubApi();
});
afterEach(() => vi.unstubAllGlobals());

describe('board page', () => {
  it('a chip sets the amount; an item click adds a bet at it and a second click removes it', async () => {
    await renderGame(<BoardGamePage drawType="UUPK10" />);
    await screen.findByTestId('board-bet-list');
    fireEvent.click(screen.getByRole('button', { name: '筹码 100 元' }));
    expect((screen.getByTestId('board-amount') as HTMLInputElement).value).toBe('100');
    fireEvent.click(item('TOP2_SUM', 'BIG'));
    expect(item('TOP2_SUM', 'BIG').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByTestId('board-bet')).toHaveLength(1);
    expect(screen.getByTestId('board-total').textContent).toBe('共 1 注，合计 ¥100.00');
    fireEvent.click(item('TOP2_SUM', 'BIG'));
    expect(screen.queryByTestId('board-bet')).toBeNull();
  });

  it('per-bet stakes are priced by the engine; a bad stake is named', async () => {
    await renderGame(<BoardGamePage drawType="UUPK10" />);
    await screen.findByTestId('board-bet-list');
    fireEvent.click(item('TOP2_SUM', 'SMALL'));
    fireEvent.click(within(screen.getByTestId('board-groups')).getByRole('button', { name: '名次' }));
    fireEvent.click(item('RANK_3', 'ODD'));
    const stakes = screen.getAllByRole('textbox', { name: /^第 \d+ 注金额/ });
    fireEvent.change(stakes[1]!, { target: { value: '35' } });
    expect(screen.getByTestId('board-total').textContent).toBe('共 2 注，合计 ¥45.00');
    fireEvent.change(stakes[0]!, { target: { value: '0' } });
    expect(await screen.findByText('每注金额不能低于 1 元')).toBeTruthy();
    expect((screen.getByTestId('board-bet-submit') as HTMLButtonElement).disabled).toBe(true);
    // Above the bet type's limit: the engine's own message (the server would say the same).
    fireEvent.change(stakes[0]!, { target: { value: '999999' } });
    let message = '';
    try {
      validateBoardBet('UUPK10', { betTypeId: 'TOP2_SUM', selection: 'SMALL', stake: yuan(999_999) });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('单注金额不能高于');
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('a 六合彩 连码 bet expands into every combination of the picks, each at the stake', async () => {
    await renderGame(<BoardGamePage drawType="UUMARK6" />);
    await screen.findByTestId('board-bet-list');
    fireEvent.click(within(screen.getByTestId('board-groups')).getByRole('button', { name: '连码' }));
    const section = document.querySelector('[data-bet-type="LINK_3_ALL"]') as HTMLElement;
    for (const n of ['01', '02', '03', '04']) fireEvent.click(within(section).getByRole('button', { name: `三全中 ${n}` }));
    fireEvent.click(within(section).getByRole('button', { name: '添加到投注单' }));
    const expected = validateBoardBet('UUMARK6', { betTypeId: 'LINK_3_ALL', selection: [1, 2, 3, 4], stake: yuan(10) }, undefined, beijingDate(Date.now()));
    expect(expected.combinations).toHaveLength(4);
    expect(screen.getByTestId('board-total').textContent).toBe(`共 4 注，合计 ${formatMoney(expected.totalStake)}`);
    expect(screen.getByTestId('board-bet').textContent).toContain('4 组');
  }, 30_000);

  it('the five chips come from the boardChips preference; empty slots keep their default', async () => {
    preferences.set('boardChips', [5, null, 88, null, 20000]);
    await renderGame(<BoardGamePage drawType="UUPK10" />);
    const chips = within(await screen.findByRole('group', { name: '筹码' })).getAllByRole('button', { name: /^筹码 / });
    expect(chips.map((c) => c.textContent)).toEqual(['5', '50', '88', '500', '2万']);
    fireEvent.click(screen.getByRole('button', { name: '设置筹码' }));
    const dialog = await screen.findByTestId('chip-settings');
    const inputs = within(dialog).getAllByRole('textbox');
    fireEvent.change(inputs[1]!, { target: { value: '0' } });
    expect(within(dialog).getByText('每注金额不能低于 1 元')).toBeTruthy();
    fireEvent.change(inputs[1]!, { target: { value: '66' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(preferences.get('boardChips')).toEqual([5, 66, 88, null, 20000]));
  });
});

describe('dice page', () => {
  it('shows every bet area with dice faces, and a 三不同号 pick bet', async () => {
    await renderGame(<DiceGamePage drawType="F1TB" />);
    const table = await screen.findByTestId('dice-table');
    for (const id of ['TWO_SIDES', 'SUM', 'SINGLE', 'TRIPLE', 'ANY_TRIPLE', 'DOUBLE', 'COMBINATION', 'STRAIGHT', 'PAIR_ANY', 'THREE_DISTINCT', 'PAIR_SINGLE']) {
      expect(table.querySelector(`[data-bet-type="${id}"]`), id).not.toBeNull();
    }
    // 围骰 111 is drawn as three dice; 点数 4 stays a number.
    expect(item('TRIPLE', '1').querySelectorAll('.jl-die')).toHaveLength(3);
    expect(item('SUM', '4').querySelectorAll('.jl-die')).toHaveLength(0);
    const distinct = table.querySelector('[data-bet-type="THREE_DISTINCT"]') as HTMLElement;
    for (const n of ['2', '4', '6']) fireEvent.click(within(distinct).getByRole('button', { name: `三不同号 ${n}` }));
    fireEvent.click(within(distinct).getByRole('button', { name: '添加到投注单' }));
    expect(screen.getByTestId('board-total').textContent).toBe('共 1 注，合计 ¥10.00');
  });
});

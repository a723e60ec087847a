// 全包 on the regular page (issue 18 item 9): the 全 quick pick buys a whole space that can still lose
// at its full count and price, 快3's item rows offer it too, and a row that would win on every draw
// shows the coverage refusal instead of a price.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMethod, type MethodDefinition } from '../../src/shared/lottery/index.ts';
import { RegularGamePage } from '../../src/app/features/games/regular/RegularGamePage.tsx';
import { regularStore } from '../../src/app/features/games/regular/regular-store.ts';
import { preferences } from '../../src/app/lib/preferences/store.ts';
import { renderGame, stubApi } from './games-harness.tsx';

async function chooseMethod(method: MethodDefinition) {
  const picker = screen.getByTestId('method-picker');
  fireEvent.click(within(screen.getByTestId('method-groups')).getByRole('button', { name: method.group }));
  const button = picker.querySelector(`[data-method-id="${method.id}"]`) as HTMLElement;
  fireEvent.click(button);
  await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
}

async function expectLine(bets: number, amount: string) {
  await waitFor(() => {
    expect(screen.getByTestId('line-bets').textContent).toBe(String(bets));
    expect(screen.getByTestId('line-amount').textContent).toBe(amount);
  });
}

beforeEach(() => {
  for (const drawType of ['UUFFC', 'UUK3']) regularStore(drawType).set({ draft: null, slip: [], multiplierText: '1' });
  stubApi();
  onlineManager.setOnline(true);
  preferences.reset(['cashType', 'gamePrize', 'recentBetMultipliers', 'customBetMultiplier']);
});
afterEach(() => vi.unstubAllGlobals());

describe('全包 quick picks', () => {
  it('五星组选120: 全 buys all 252 注 and the line can go to the basket', async () => {
    await renderGame(<RegularGamePage drawType="UUFFC" />);
    await screen.findByTestId('selection-panel');
    await chooseMethod(getMethod('UUFFC', 'WXZU120'));
    fireEvent.click(screen.getByRole('button', { name: '组选120 全' }));
    await expectLine(252, '¥504.00');
    expect((screen.getByTestId('add-to-slip') as HTMLButtonElement).disabled).toBe(false);
  });

  it('快3 三同号单选 and 二同号单选 offer 全 and 清 on their item rows', async () => {
    await renderGame(<RegularGamePage drawType="UUK3" />);
    await screen.findByTestId('selection-panel');
    await chooseMethod(getMethod('UUK3', 'STHDX'));
    fireEvent.click(screen.getByRole('button', { name: '三同号 全' }));
    await expectLine(6, '¥12.00');
    fireEvent.click(screen.getByRole('button', { name: '三同号 清' }));
    await waitFor(() => expect(screen.getByTestId('line-quote').textContent).toBe('请选择号码'));

    await chooseMethod(getMethod('UUK3', 'ETHDX'));
    fireEvent.click(screen.getByRole('button', { name: '同号 全' }));
    fireEvent.click(screen.getByRole('button', { name: '不同号 全' }));
    await expectLine(30, '¥60.00');
  });

  it('快3 二不同号: 全 prices all 15 注; 和值 全 shows the coverage refusal', async () => {
    await renderGame(<RegularGamePage drawType="UUK3" />);
    await screen.findByTestId('selection-panel');
    await chooseMethod(getMethod('UUK3', 'EBTH'));
    fireEvent.click(screen.getByRole('button', { name: '号码 全' }));
    await expectLine(15, '¥30.00');

    await chooseMethod(getMethod('UUK3', 'KSHZ'));
    fireEvent.click(screen.getByRole('button', { name: '和值 全' }));
    await waitFor(() => expect(screen.getByTestId('line-problem').textContent).toBe('所选号码已覆盖全部开奖结果，请减少选号'));
    expect((screen.getByTestId('add-to-slip') as HTMLButtonElement).disabled).toBe(true);
  });
});

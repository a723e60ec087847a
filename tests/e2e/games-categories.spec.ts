// One regular bet per category kind, picked on the page as a player would: the 注数 and amount shown
// are known answers of the engine, and the server stores and charges exactly what the page sent.
// 秒开 draw types answer with the result at once (the result dialog); 双色球/大乐透 sell per issue.
import { expect, test, type Page } from '@playwright/test';
import { loginAs, waitForApp } from './support/app.ts';
import { apiBalance, apiOrder, confirmOrder, moneyFromText, waitForOpenSales, yuanText } from './games-support.ts';

test.use({ serviceWorkers: 'block' });

interface Case {
  drawType: string;
  group?: string;
  methodId: string;
  picks: [row: string, values: string[]][];
  mode?: '角';
  multiplier?: number;
  bets: number;
  amount: string;
  selection: unknown;
}

const CASES: Case[] = [
  { drawType: 'MKSSC', group: '定位胆', methodId: 'DWD', picks: [['万位', ['1', '2']], ['个位', ['9']]], bets: 3, amount: '¥6.00', selection: { rows: [[1, 2], [], [], [], [9]] } },
  { drawType: 'MK11X5', methodId: 'LTQ3ZX3', picks: [['第一位', ['01']], ['第二位', ['02']], ['第三位', ['03', '04']]], bets: 2, amount: '¥4.00', selection: { rows: [[1], [2], [3, 4]] } },
  { drawType: 'MK3D', methodId: 'QZX3', picks: [['百位', ['1']], ['十位', ['2', '3']], ['个位', ['4']]], mode: '角', bets: 2, amount: '¥0.40', selection: { rows: [[1], [2, 3], [4]] } },
  { drawType: 'MKPK10', methodId: 'PKQZX1', picks: [['冠军', ['01', '02', '03']]], multiplier: 3, bets: 3, amount: '¥18.00', selection: { rows: [[1, 2, 3]] } },
  { drawType: 'MKK3', methodId: 'KSHZ', picks: [['和值', ['10', '11']]], bets: 2, amount: '¥4.00', selection: { rows: [[10, 11]] } },
  { drawType: 'MKKENO', methodId: 'RX1', picks: [['号码', ['01', '80']]], bets: 2, amount: '¥4.00', selection: { rows: [[1, 80]] } },
  {
    drawType: 'UUSSQ',
    methodId: 'SSQFS',
    picks: [['红球', ['01', '02', '03', '04', '05', '06', '07']], ['蓝球', ['01']]],
    bets: 7,
    amount: '¥14.00',
    selection: { rows: [[1, 2, 3, 4, 5, 6, 7], [1]] },
  },
  {
    drawType: 'UUDLT',
    methodId: 'DLTFS',
    picks: [['前区', ['01', '02', '03', '04', '05']], ['后区', ['01', '02', '03']]],
    bets: 3,
    amount: '¥6.00',
    selection: { rows: [[1, 2, 3, 4, 5], [1, 2, 3]] },
  },
];

async function pick(page: Page, c: Case) {
  if (c.group) await page.getByTestId('method-picker').getByRole('button', { name: c.group, exact: true }).click();
  await expect(page.locator(`[data-method-id="${c.methodId}"]`)).toHaveAttribute('aria-pressed', 'true');
  for (const [row, values] of c.picks) {
    for (const value of values) await page.locator(`[data-row="${row}"]`).getByRole('button', { name: value, exact: true }).click();
  }
  if (c.mode) await page.getByTestId('mode-picker').getByRole('radio', { name: c.mode }).check();
  if (c.multiplier) await page.getByTestId('multiplier').fill(String(c.multiplier));
}

for (const c of CASES) {
  test(`${c.drawType} ${c.methodId}: ${c.bets} 注 ${c.amount} on the page and on the server`, async ({ page, context }) => {
    test.setTimeout(120_000);
    await loginAs(context, 'player');
    await page.goto(`/game/regular/${c.drawType}`);
    await waitForApp(page);
    await pick(page, c);
    await expect(page.getByTestId('line-bets')).toHaveText(String(c.bets));
    await expect(page.getByTestId('line-amount')).toHaveText(c.amount);
    await page.getByTestId('add-to-slip').click();
    await expect(page.getByTestId('slip-line-amount')).toHaveText(c.amount);

    const instant = c.drawType.startsWith('MK');
    if (!instant) await waitForOpenSales(page, 10, 330_000);
    const before = await apiBalance(page);
    await page.getByTestId('slip-bet').click();
    const placed = await confirmOrder(page);
    expect(placed.request.bets).toHaveLength(1);
    expect(placed.request.bets[0]).toMatchObject({
      methodId: c.methodId,
      selection: c.selection,
      mode: c.mode ? 'JIAO' : 'YUAN',
      multiplier: c.multiplier ?? 1,
    });
    const order = await apiOrder(page, placed.order.orderId);
    expect(order.bets[0]!.selection).toEqual(placed.request.bets[0]!.selection);
    expect(order.bets[0]!.betCount).toBe(c.bets);
    expect(order.totalStake).toBe(moneyFromText(c.amount));
    expect(placed.balance).toBe(before - order.totalStake + order.payout + order.rebate);

    if (instant) {
      // Drawn and settled inside the bet: the result dialog tells the outcome.
      expect(order.result).not.toBeNull();
      const dialog = page.getByTestId('instant-result');
      await expect(dialog.getByRole('img', { name: /^开奖号码 / })).toBeVisible();
      await expect(dialog.getByTestId('instant-outcome')).toHaveText(order.status === 'WON' ? `恭喜中奖 ${yuanText(order.payout)}` : '未中奖，再接再厉');
      await dialog.getByRole('button', { name: '继续投注' }).click();
      await expect(page.locator(`[data-testid="my-order"][data-order-id="${order.orderId}"]`)).toHaveAttribute('data-status', order.status);
    } else {
      expect(order.status).toBe('PENDING');
      await expect(page.locator(`[data-testid="my-order"][data-order-id="${order.orderId}"]`)).toBeVisible();
    }
  });
}

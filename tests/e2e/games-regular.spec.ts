// The regular page (标准玩法) on 锦鲤分分彩 (1-minute SSC): 复式, 组选, 单式 text and 任选 with positions
// in one order; the page's counts and amounts, what it sends, what the server stores and the ledger.
import { expect, test, type Page } from '@playwright/test';
import { loginAs, waitForApp } from './support/app.ts';
import { apiBalance, apiOrder, confirmOrder, moneyFromText, waitForOpenSales, waitForSettled, yuanText } from './games-support.ts';

test.use({ serviceWorkers: 'block' });

const row = (page: Page, label: string) => page.locator(`[data-row="${label}"]`);
const ball = (page: Page, rowLabel: string, value: string) => row(page, rowLabel).getByRole('button', { name: value, exact: true });

async function chooseMethod(page: Page, group: string, methodId: string) {
  await page.getByTestId('method-picker').getByRole('button', { name: group, exact: true }).click();
  await page.locator(`[data-method-id="${methodId}"]`).click();
  await expect(page.locator(`[data-method-id="${methodId}"]`)).toHaveAttribute('aria-pressed', 'true');
}

async function expectQuote(page: Page, bets: number, amount: string) {
  await expect(page.getByTestId('line-bets')).toHaveText(String(bets));
  await expect(page.getByTestId('line-amount')).toHaveText(amount);
}

test('regular bets on 锦鲤分分彩 are priced by the engine, stored as sent and settled into the balance', async ({ page, context }) => {
  test.setTimeout(300_000);
  await loginAs(context, 'player');
  await page.goto('/game/regular/UUFFC');
  await waitForApp(page);
  await expect(page.getByTestId('issue-bar')).toBeVisible();

  // 五星直选复式: 2 × 1 × 1 × 1 × 1 = 2 注.
  for (const [label, values] of [['万位', ['1', '2']], ['千位', ['3']], ['百位', ['4']], ['十位', ['5']], ['个位', ['6']]] as const) {
    for (const value of values) await ball(page, label, value).click();
  }
  await expectQuote(page, 2, '¥4.00');
  await page.getByTestId('add-to-slip').click();

  // 五星组选60: 二重号 8, 单号 0 1 6 → 1 注 (the engine's documented example).
  await chooseMethod(page, '五星', 'WXZU60');
  await ball(page, '二重号', '8').click();
  for (const value of ['0', '1', '6']) await ball(page, '单号', value).click();
  await expectQuote(page, 1, '¥2.00');
  await page.getByTestId('add-to-slip').click();

  // 前三组三单式 typed: 001 is valid, 010 repeats it, 123 is not a 组三.
  await chooseMethod(page, '前三', 'QZU3_S');
  await page.getByTestId('ticket-entry').fill('001 010 123');
  await expect(page.getByTestId('ticket-valid-count')).toHaveText('有效号码 1 注');
  await expect(page.getByText('错误号码（1）：123')).toBeVisible();
  await expect(page.getByText('重复号码（1）：010')).toBeVisible();
  await expectQuote(page, 1, '¥2.00');
  await page.getByTestId('add-to-slip').click();

  // 任二组选复式 on 万位 + the default 十位 个位: C(3,2) positions × C(3,2) pairs = 9 注.
  await chooseMethod(page, '任选', 'RZU2');
  await page.getByRole('checkbox', { name: '万位' }).check();
  for (const value of ['1', '2', '3']) await ball(page, '组选', value).click();
  await expectQuote(page, 9, '¥18.00');
  await page.getByTestId('add-to-slip').click();

  await expect(page.getByTestId('slip-line')).toHaveCount(4);
  await expect(page.getByTestId('slip-total')).toHaveText('共 4 条 13 注，合计 ¥26.00');

  await waitForOpenSales(page, 12);
  const issueText = (await page.getByTestId('issue-number').textContent()) ?? '';
  const before = await apiBalance(page);
  await page.getByTestId('slip-bet').click();
  await expect(page.getByTestId('confirm-total')).toHaveText('共 13 注，合计 ¥26.00');
  const placed = await confirmOrder(page);

  // What the page sent is what the server stored, bet by bet.
  expect(placed.request.playMode).toBe('REGULAR');
  expect(issueText).toContain(placed.request.issueNumber!);
  expect(placed.request.bets).toEqual([
    { methodId: 'ZX5', selection: { rows: [[1, 2], [3], [4], [5], [6]] }, mode: 'YUAN', multiplier: 1, prizeGroup: 1950 },
    { methodId: 'WXZU60', selection: { rows: [[8], [0, 1, 6]] }, mode: 'YUAN', multiplier: 1, prizeGroup: 1950 },
    { methodId: 'QZU3_S', selection: { entries: [[0, 0, 1]] }, mode: 'YUAN', multiplier: 1, prizeGroup: 1950 },
    { methodId: 'RZU2', selection: { rows: [[1, 2, 3]], positions: [0, 3, 4] }, mode: 'YUAN', multiplier: 1, prizeGroup: 1950 },
  ]);
  const order = await apiOrder(page, placed.order.orderId);
  expect(order.bets.map((b) => [b.code, b.selection, b.betCount, b.stake])).toEqual(
    placed.request.bets.map((b, i) => [b.methodId, b.selection, [2, 1, 1, 9][i], [40_000, 20_000, 20_000, 180_000][i]]),
  );
  expect(order.totalStake).toBe(260_000);
  expect(order.status).toBe('PENDING');

  // The debit, as the ledger has it and as the header shows it.
  expect(placed.balance).toBe(before - 260_000);
  expect(await apiBalance(page)).toBe(before - 260_000);
  await expect.poll(async () => moneyFromText((await page.getByTestId('balance-amount').textContent()) ?? '')).toBe(Math.floor((before - 260_000) / 100) * 100);
  await expect(page.getByTestId('slip-line')).toHaveCount(0);
  const orderRow = page.locator(`[data-testid="my-order"][data-order-id="${order.orderId}"]`);
  await expect(orderRow.getByTestId('order-stake')).toHaveText('投注 ¥26.00');

  // The draw comes, the order settles, and the balance moves by exactly its payout and rebate.
  await waitForSettled(page, order.orderId);
  const settled = await apiOrder(page, order.orderId);
  expect(['WON', 'LOST']).toContain(settled.status);
  await expect(orderRow.getByTestId('order-payout')).toHaveText(`派奖 ${yuanText(settled.payout)}`);
  const after = before - settled.totalStake + settled.payout + settled.rebate;
  await expect.poll(() => apiBalance(page)).toBe(after);
  await expect.poll(async () => moneyFromText((await page.getByTestId('balance-amount').textContent()) ?? ''), { timeout: 15_000 }).toBe(Math.floor(after / 100) * 100);
  // The issue's result is on the page (latest result or the history).
  await expect(page.getByTestId('recent-results').getByText(`${settled.issueNumber.slice(-3)}期`)).toBeVisible();
});

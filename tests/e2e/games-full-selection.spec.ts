// 全包 on 锦鲤分分彩 (issue 18 item 9): the 全 quick pick buys whole spaces that can still lose (组选120
// all ten digits, 前三组选和值 on all sums), the server takes the order at the page's count and price,
// and a row that would win on every draw (定位胆 万位 全) is refused on the page.
import { expect, test, type Page } from '@playwright/test';
import { loginAs, waitForApp } from './support/app.ts';
import { apiOrder, confirmOrder, waitForOpenSales } from './games-support.ts';

test.use({ serviceWorkers: 'block' });

async function chooseMethod(page: Page, group: string, methodId: string) {
  await page.getByTestId('method-picker').getByRole('button', { name: group, exact: true }).click();
  await page.locator(`[data-method-id="${methodId}"]`).click();
  await expect(page.locator(`[data-method-id="${methodId}"]`)).toHaveAttribute('aria-pressed', 'true');
}

async function expectQuote(page: Page, bets: number, amount: string) {
  await expect(page.getByTestId('line-bets')).toHaveText(String(bets));
  await expect(page.getByTestId('line-amount')).toHaveText(amount);
}

test('全包 lines are priced in full, placed and stored; a covering row is refused', async ({ page, context }) => {
  test.setTimeout(180_000);
  await loginAs(context, 'player');
  await page.goto('/game/regular/UUFFC');
  await waitForApp(page);
  await expect(page.getByTestId('issue-bar')).toBeVisible();

  await chooseMethod(page, '定位胆', 'DWD');
  await page.getByRole('button', { name: '万位 全', exact: true }).click();
  await expect(page.getByTestId('line-problem')).toHaveText('所选号码已覆盖全部开奖结果，请减少选号');
  await expect(page.getByTestId('add-to-slip')).toBeDisabled();

  await chooseMethod(page, '五星', 'WXZU120');
  await page.getByRole('button', { name: '组选120 全', exact: true }).click();
  await expectQuote(page, 252, '¥504.00');
  await page.getByTestId('add-to-slip').click();

  await chooseMethod(page, '前三', 'QZUHZ');
  await page.getByRole('button', { name: '和值 全', exact: true }).click();
  await expectQuote(page, 210, '¥420.00');
  await page.getByTestId('add-to-slip').click();

  await expect(page.getByTestId('slip-total')).toHaveText('共 2 条 462 注，合计 ¥924.00');
  await waitForOpenSales(page, 12);
  await page.getByTestId('slip-bet').click();
  await expect(page.getByTestId('confirm-total')).toHaveText('共 462 注，合计 ¥924.00');
  const placed = await confirmOrder(page);
  const order = await apiOrder(page, placed.order.orderId);
  expect(order.bets.map((b) => [b.code, b.betCount, b.stake])).toEqual([
    ['WXZU120', 252, 504 * 10_000],
    ['QZUHZ', 210, 420 * 10_000],
  ]);
});

// The board page (盘面) on 极速赛车 and the dice page on 极速骰宝: chips, per-bet stakes, the order as
// stored, the draw and the ledger.
import { expect, test, type Page } from '@playwright/test';
import { loginAs, waitForApp } from './support/app.ts';
import { apiBalance, apiOrder, confirmOrder, waitForOpenSales, waitForSettled, yuanText } from './games-support.ts';

test.use({ serviceWorkers: 'block' });

const item = (page: Page, betTypeId: string, itemId: string) => page.locator(`[data-bet-type="${betTypeId}"] [data-item="${itemId}"]`);

async function expectSettledIntoBalance(page: Page, orderId: string, before: number) {
  await waitForSettled(page, orderId);
  const settled = await apiOrder(page, orderId);
  expect(['WON', 'LOST']).toContain(settled.status);
  expect(settled.payout).toBe(settled.bets.reduce((sum, b) => sum + b.payout, 0));
  await expect.poll(() => apiBalance(page)).toBe(before - settled.totalStake + settled.payout + settled.rebate);
  return settled;
}

test('a board bet on 极速赛车: chips and per-bet stakes, stored as sent, settled into the balance', async ({ page, context }) => {
  test.setTimeout(240_000);
  await loginAs(context, 'player');
  await page.goto('/game/board/UUPK10');
  await waitForApp(page);

  // Chip 50 on 冠亚大; then chip 10 on 冠军 大 and that bet's stake changed to 20.
  await page.getByRole('button', { name: '筹码 50 元' }).click();
  await expect(page.getByTestId('board-amount')).toHaveValue('50');
  await item(page, 'TOP2_SUM', 'BIG').click();
  await page.getByTestId('board-groups').getByRole('button', { name: '名次' }).click();
  await page.getByRole('button', { name: '筹码 10 元' }).click();
  await item(page, 'RANK_1', 'BIG').click();
  await expect(item(page, 'RANK_1', 'BIG')).toHaveAttribute('aria-pressed', 'true');
  const bets = page.getByTestId('board-bet');
  await expect(bets).toHaveCount(2);
  await bets.nth(1).getByRole('textbox').fill('20');
  await expect(page.getByTestId('board-total')).toHaveText('共 2 注，合计 ¥70.00');

  await waitForOpenSales(page, 10);
  const before = await apiBalance(page);
  await page.getByTestId('board-bet-submit').click();
  await expect(page.getByTestId('confirm-total')).toHaveText('共 2 注，合计 ¥70.00');
  const placed = await confirmOrder(page);
  expect(placed.request.playMode).toBe('BOARD');
  expect(placed.request.bets).toEqual([
    { betTypeId: 'TOP2_SUM', selection: 'BIG', stake: 500_000 },
    { betTypeId: 'RANK_1', selection: 'BIG', stake: 200_000 },
  ]);
  const order = await apiOrder(page, placed.order.orderId);
  expect(order.bets.map((b) => [b.code, b.selection, b.stake])).toEqual([
    ['TOP2_SUM', 'BIG', 500_000],
    ['RANK_1', 'BIG', 200_000],
  ]);
  expect(order.totalStake).toBe(700_000);
  expect(placed.balance).toBe(before - 700_000);
  await expect(page.getByTestId('board-bet')).toHaveCount(0);

  const settled = await expectSettledIntoBalance(page, order.orderId, before);
  const row = page.locator(`[data-testid="my-order"][data-order-id="${order.orderId}"]`);
  await expect(row.getByTestId('order-payout')).toHaveText(`派奖 ${yuanText(settled.payout)}`);
});

test('a dice bet on 极速骰宝: item and pick bets, the roll, the history and the ledger', async ({ page, context }) => {
  test.setTimeout(240_000);
  await loginAs(context, 'player');
  await page.goto('/game/dice/F1TB');
  await waitForApp(page);

  await page.getByRole('button', { name: '筹码 10 元' }).click();
  await item(page, 'TWO_SIDES', 'BIG').click();
  await item(page, 'SINGLE', '3').click();
  const distinct = page.locator('[data-bet-type="THREE_DISTINCT"]');
  for (const value of ['1', '2', '3']) await distinct.getByRole('button', { name: `三不同号 ${value}`, exact: true }).click();
  await distinct.getByRole('button', { name: '添加到投注单' }).click();
  await expect(page.getByTestId('board-bet')).toHaveCount(3);
  await expect(page.getByTestId('board-total')).toHaveText('共 3 注，合计 ¥30.00');

  await waitForOpenSales(page, 10);
  const before = await apiBalance(page);
  await page.getByTestId('board-bet-submit').click();
  const placed = await confirmOrder(page);
  expect(placed.request.bets).toEqual([
    { betTypeId: 'TWO_SIDES', selection: 'BIG', stake: 100_000 },
    { betTypeId: 'SINGLE', selection: '3', stake: 100_000 },
    { betTypeId: 'THREE_DISTINCT', selection: [1, 2, 3], stake: 100_000 },
  ]);
  expect((await apiOrder(page, placed.order.orderId)).totalStake).toBe(300_000);

  const settled = await expectSettledIntoBalance(page, placed.order.orderId, before);
  // The drawn dice: on the stage once the roll has landed, and in the history.
  const issue = settled.issueNumber;
  const detail = await page.request.get(`/ajax/draws/F1TB/issues/${issue}`);
  const result = ((await detail.json()) as { result: number[] }).result;
  await expect(page.getByTestId('recent-results').getByRole('img', { name: new RegExp(`^开奖 ${result.join(' ')}`) }).first()).toBeVisible();
  await expect(page.getByTestId('dice-stage')).not.toHaveAttribute('data-rolling', /.*/);
});

test('the dice roll animates a new result, and does not with reduced motion', async ({ page }) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/game/dice/F1TB');
  await waitForApp(page);
  const stage = page.getByTestId('dice-stage');
  // The next result arrives within a minute; the dice tumble before they land.
  await expect(stage).toHaveAttribute('data-rolling', 'true', { timeout: 90_000 });
  await expect(stage).not.toHaveAttribute('data-rolling', /.*/, { timeout: 5_000 });
  await expect(stage.getByTestId('dice-result-text')).toBeVisible();

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await waitForApp(page);
  await expect(page.getByTestId('dice-result-text')).toBeVisible();
  // Until the next result has landed, the stage must never be marked as rolling.
  const rolled = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const stage = document.querySelector('[data-testid="dice-stage"]')!;
        const initial = stage.querySelector('[data-testid="dice-result-text"]')?.textContent;
        let sawRolling = false;
        const observer = new MutationObserver(() => {
          if (stage.hasAttribute('data-rolling')) sawRolling = true;
          const text = stage.querySelector('[data-testid="dice-result-text"]')?.textContent;
          if (text && text !== initial) {
            observer.disconnect();
            resolve(sawRolling);
          }
        });
        observer.observe(stage, { attributes: true, subtree: true, childList: true, characterData: true });
      }),
  );
  expect(rolled).toBe(false);
});

// 我的 on a phone: the personal centre links to the records and settings, and the order list shows the
// totals of its filter. On a desktop the account area leads to the centre.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { CSRF, DESKTOP, loginAs, waitForApp } from './support/app.ts';

const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** An instant (秒开) order: settled inside the request. */
async function placeInstantOrder(request: APIRequestContext): Promise<void> {
  expect((await request.get('/ajax/instant-seed')).ok()).toBe(true);
  const response = await request.post('/ajax/orders', {
    headers: CSRF,
    data: {
      playMode: 'REGULAR',
      clientKey: `e2e-hub-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      drawType: 'MKSSC',
      bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1 }],
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

const yuan = (amount: number, signed = false) => `${signed && amount > 0 ? '+' : ''}${amount < 0 ? '-' : ''}¥${(Math.abs(amount) / 10_000).toFixed(2)}`;

test.describe('on a phone', () => {
  test.use(PHONE_390);

  test('the centre links to bet records, which show the totals of the filter', async ({ page, context }) => {
    await loginAs(context, 'player');
    for (let i = 0; i < 3; i++) await placeInstantOrder(page.request);
    const listed = (await (await page.request.get('/ajax/orders?page=1&pageSize=20')).json()) as {
      totals: { stake: number; payout: number; profit: number };
    };
    expect(listed.totals.stake).toBe(3 * 2 * 10_000);

    await page.goto('/account/center');
    await waitForApp(page);
    const hub = page.getByTestId('account-hub');
    await expect(hub).toBeVisible();
    await expect(hub.locator('[data-testid^="hub-"]')).toHaveText(['投注记录', '追号记录', '站内信', '联系上级', '安全设置', '理性娱乐']);
    for (const tile of await hub.locator('[data-testid^="hub-"]').all()) {
      expect((await tile.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await hub.getByTestId('hub-security').click();
    await expect(page.getByRole('tab', { name: '安全设置', selected: true })).toBeVisible();

    await hub.getByTestId('hub-orders').click();
    await expect(page).toHaveURL(/\/account\/order$/);
    const totals = page.getByTestId('orders-totals');
    await expect(totals.getByTestId('orders-total-stake')).toHaveText(yuan(listed.totals.stake));
    await expect(totals.getByTestId('orders-total-payout')).toHaveText(yuan(listed.totals.payout));
    await expect(totals.getByTestId('orders-total-profit')).toHaveText(yuan(listed.totals.profit, true));
    // A filter that matches nothing shows no totals.
    await page.getByTestId('filter-status').selectOption('PENDING');
    await expect(page.getByTestId('orders-empty')).toBeVisible();
    await expect(totals).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('a trial account sees bet records and player protection only', async ({ page, context }) => {
    await loginAs(context, 'trial');
    await page.goto('/account/center');
    await waitForApp(page);
    await expect(page.getByTestId('account-hub').locator('[data-testid^="hub-"]')).toHaveText(['投注记录', '理性娱乐']);
  });
});

test.describe('on a desktop', () => {
  test.use(DESKTOP);

  test('the account area has a 个人中心 entry', async ({ page, context }) => {
    await loginAs(context, 'player');
    await page.goto('/');
    await waitForApp(page);
    await page.getByTestId('account-center-link').click();
    await expect(page).toHaveURL(/\/account\/center$/);
    await expect(page.getByTestId('account-hub')).toBeVisible();
  });
});

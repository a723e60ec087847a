// A new player on a phone deposits ¥500 through the sandbox cashier (issue 17 acceptance): picks a
// method and a recommended amount, pays on the gateway's 沙箱支付 page, comes back to the history and
// sees the deposit credited and the balance updated (live event, no reload).
import { expect, test } from '@playwright/test';
import { loginAs, waitForApp } from './support/app.ts';
import { apiBalance } from './games-support.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

test('a new player deposits ¥500 through the sandbox cashier and sees the balance and the history update', async ({ page, context }) => {
  await loginAs(context, 'player', { funds: 0 });
  await page.goto('/wallet/deposit');
  await waitForApp(page);
  const overlay = page.getByTestId('deposit-page');
  await expect(overlay.getByTestId('deposit-methods')).toBeVisible();
  await overlay.getByTestId('deposit-method-ALIPAY_SCAN').click();
  await expect(overlay.getByTestId('deposit-sandbox')).toContainText('沙箱');

  // A bad amount is refused on the spot with the spec §5 message.
  const amount = overlay.getByLabel('充值金额（元）');
  await amount.fill('50');
  await overlay.getByRole('button', { name: '立即充值' }).click();
  await expect(page.getByText('请选择推荐金额或填入金额100~5000').first()).toBeVisible();

  await overlay.getByTestId('recommended-amounts').getByText('¥500').click();
  await expect(amount).toHaveValue('500');
  await expect(overlay.getByTestId('deposit-credited')).toHaveText('¥500.00');
  await overlay.getByRole('button', { name: '立即充值' }).click();

  // The gateway's cashier, in this tab.
  await expect(page.getByText('沙箱支付').first()).toBeVisible();
  await expect(page.locator('body')).toContainText('500');
  await page.getByRole('button', { name: '确认支付' }).click();

  // Back on the platform: the history shows the deposit; the notification credits it.
  await page.waitForURL(/\/wallet\/deposit-history$/);
  await waitForApp(page);
  const row = page.getByTestId('deposit-row').first();
  await expect(row.getByTestId('deposit-amount')).toHaveText('¥500.00');
  await expect(row.getByTestId('deposit-status')).toHaveText('充值成功');
  await expect(page.getByTestId('balance-amount').first()).toContainText('500.00');
  expect(await apiBalance(page)).toBe(500 * 10_000);
});

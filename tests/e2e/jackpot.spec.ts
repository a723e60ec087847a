// Jackpot pool (issue 22 item 3 acceptance): the footer button opens the pool detail with the total
// (clamped as spec §9 says), a live total reaches the page, a lucky award reaches the winner's screen
// live (jackpotDistribution) with the balance, and its draw verifies in the browser.
import { expect, test } from '@playwright/test';
import { formatMoney, formatYuan } from '../../src/shared/money.ts';
import { createOperator, signInThroughApi } from './backoffice-support.ts';
import { createAccount, CSRF, DESKTOP, loginAs, publishEvent, waitForApp } from './support/app.ts';

// Desktop: on a phone the floating items' column covers the footer's right half (reported to the lead).
test.use(DESKTOP);

test('the footer opens the pool detail, and a lucky award reaches the winner live and verifies', async ({ page, context }) => {
  const player = await loginAs(context, 'player');
  const summary = (await (await page.request.get('/ajax/jackpot')).json()) as {
    totalPrize: number;
  };
  await page.goto('/');
  await waitForApp(page);

  const button = page.getByTestId('footer').getByTestId('jackpot-button');
  await expect(button.getByTestId('jackpot-button-total')).toHaveText(`¥${formatYuan(Math.min(summary.totalPrize, 999_999_99 * 100))}`);
  await button.click();
  const detail = page.getByTestId('jackpot-detail');
  await expect(detail).toBeVisible();
  await expect(detail.getByTestId('jackpot-detail-total')).toHaveText(`¥${formatYuan(Math.min(summary.totalPrize, 999_999_99 * 100))}`);
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);

  // The live stream is up once a broadcast total shows; above 999999.99 it is clamped.
  let total = 12_345_678_900;
  await expect(async () => {
    total += 10_000;
    await publishEvent(page.request, player.username, 'totalJackpotPoolPrize', {
      totalPrize: total,
    });
    await expect(button.getByTestId('jackpot-button-total')).toHaveText('¥999999.99', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });

  const awarded = await page.request.post('/ajax/test/jackpot/lucky-award', {
    data: { username: player.username },
    headers: CSRF,
  });
  expect(awarded.ok(), await awarded.text()).toBe(true);
  const { roundId, prize } = (await awarded.json()) as {
    roundId: number;
    prize: number;
  };
  expect(prize).toBeGreaterThan(0);
  const award = page.getByTestId('jackpot-award');
  await expect(award).toBeVisible();
  await expect(award.getByTestId('jackpot-award-prize')).toHaveText(formatMoney(prize));
  await expect(page.getByTestId('balance-amount')).toHaveText(formatMoney(player.balance + prize));
  await page.keyboard.press('Escape');

  // The detail lists the winner (masked) with the draw's verification link.
  await button.click();
  await expect(page.getByTestId('jackpot-winners')).toContainText(formatMoney(prize));
  await page.getByTestId('jackpot-verify-link').first().click();
  await expect(page).toHaveURL(/\/verify\/jackpot\/\d+$/);
  await page.goto(`/verify/jackpot/${roundId}`);
  await waitForApp(page);
  await expect(page.getByTestId('jackpot-verification')).toHaveAttribute('data-verdict', 'PASS');
  await expect(page.getByTestId('jackpot-verify-winner')).toContainText(formatMoney(prize));
});

test('the back office shows the pool reconciled, the round with its winner and seed, and saves settings with a reason', async ({ browser, request }) => {
  const player = await createAccount(request, 'player');
  const awarded = await request.post('/ajax/test/jackpot/lucky-award', { data: { username: player.username }, headers: CSRF });
  expect(awarded.ok(), await awarded.text()).toBe(true);
  const { roundId } = (await awarded.json()) as { roundId: number };

  const backoffice = await browser.newContext({ serviceWorkers: 'block' });
  try {
    await signInThroughApi(backoffice.request, await createOperator(backoffice.request, 'OPERATIONS'));
    const page = await backoffice.newPage();
    await page.goto('/backoffice/jackpot');
    await expect(page.getByTestId('jackpot-reconciles')).toHaveText('账目一致');
    const row = page.getByTestId('jackpot-rounds').getByRole('row').filter({ has: page.getByRole('cell', { name: String(roundId), exact: true }) });
    await expect(row).toContainText('幸运奖');
    await expect(row).toContainText(/[0-9a-f]{64}/);
    await page.getByTestId('jackpot-settings-reason').fill('浏览器测试：原样保存');
    await page.getByTestId('jackpot-settings-save').click();
    await expect(page.getByText('已保存')).toBeVisible();
  } finally {
    await backoffice.close();
  }
});

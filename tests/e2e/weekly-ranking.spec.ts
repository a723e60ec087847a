// The weekly ranking's floating button (spec §2.4): opens the detail, and once closed stays closed for
// the rest of the browser session (a reload keeps it closed; a new session shows it again).
import { expect, test } from '@playwright/test';
import { createOperator, signInThroughApi } from './backoffice-support.ts';
import { CSRF, waitForApp } from './support/app.ts';

test('the ranking float opens the detail and stays closed for the session once closed', async ({ page, browser, baseURL }) => {
  await page.goto('/');
  await waitForApp(page);
  const float = page.getByTestId('weekly-ranking-float');
  await expect(float).toBeVisible();
  await float.getByTestId('weekly-ranking-open').click();
  const detail = page.getByRole('dialog', { name: '周排行榜' });
  await expect(detail).toBeVisible();
  await expect(detail.getByRole('tab', { name: '本周榜单' })).toBeVisible();
  await expect(detail.getByTestId('weekly-ranking-top').or(detail.getByTestId('weekly-ranking-top-empty'))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  await float.getByTestId('weekly-ranking-close').click();
  await expect(float).toHaveCount(0);
  await page.reload();
  await waitForApp(page);
  // The floats load lazily together: once the sports stream button is there, the ranking would be too.
  await expect(page.getByTestId('sports-stream-button')).toBeVisible();
  await expect(page.getByTestId('weekly-ranking-float')).toHaveCount(0);

  const fresh = await browser.newContext({ baseURL });
  const other = await fresh.newPage();
  await other.goto('/');
  await waitForApp(other);
  await expect(other.getByTestId('weekly-ranking-float')).toBeVisible();
  await fresh.close();
});

test('operations sets a place’s prize in the back office; the public ranking shows it', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const operator = await createOperator(context.request, 'OPERATIONS');
  await signInThroughApi(context.request, operator);
  const before = (await (await context.request.get('/ajax/backoffice/weekly-ranking/prizes')).json()) as { prizes: { place: number; amount: number }[] };
  const page = await context.newPage();
  try {
    await page.goto('/backoffice/weekly-ranking');
    await expect(page.getByRole('heading', { name: '周排行榜' })).toBeVisible();
    const prizes = page.getByTestId('ranking-prizes');
    await prizes.getByLabel('第 4 名').fill('66.5');
    await prizes.getByLabel('修改原因').fill('第四名加奖');
    await prizes.getByTestId('ranking-prizes-save').click();
    await expect(prizes.getByText('已保存')).toBeVisible();
    const ranking = (await (await request.get('/ajax/weekly-ranking')).json()) as { prizes: { place: number; amount: number }[] };
    expect(ranking.prizes).toContainEqual({ place: 4, amount: 665_000 });
  } finally {
    await context.request.put('/ajax/backoffice/weekly-ranking/prizes', { headers: CSRF, data: { prizes: before.prizes, reason: '恢复原奖金' } });
    await context.close();
  }
});

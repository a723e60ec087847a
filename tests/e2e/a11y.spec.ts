// No critical axe violations on the lobby, a modal and the download page.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { loginAs, waitForApp } from './support/app.ts';

test.use({ serviceWorkers: 'block' });

async function critical(page: Page, include?: string) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious').map((v) => v.id);
  if (serious.length > 0) test.info().annotations.push({ type: 'axe serious', description: serious.join(', ') });
  return violations.filter((v) => v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('lobby (anonymous and logged in) has no critical violations', async ({ page, context }) => {
  await page.goto('/');
  await waitForApp(page);
  expect(await critical(page)).toEqual([]);
  await loginAs(context, 'player');
  await page.reload();
  await waitForApp(page);
  await expect(page.getByTestId('balance-amount')).toBeVisible();
  expect(await critical(page)).toEqual([]);
});

test('the login modal has no critical violations', async ({ page }) => {
  await page.goto('/?auth=login');
  await waitForApp(page);
  await expect(page.getByTestId('login-modal')).toBeVisible();
  expect(await critical(page)).toEqual([]);
});

test('the download page has no critical violations', async ({ page }) => {
  await page.goto('/download');
  await waitForApp(page);
  await expect(page.getByTestId('download-page')).toBeVisible();
  expect(await critical(page)).toEqual([]);
});

test('the lobby in dark mode on a phone has no critical violations', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 915 });
  await page.goto('/');
  await waitForApp(page);
  await page.getByTestId('theme-switch').click();
  expect(await critical(page)).toEqual([]);
});

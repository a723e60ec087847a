// The trend chart page on a phone: a 1000-issue history laid out, the remembered count and pattern,
// no critical axe violations, and screenshots kept with the test's results.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PHONE, waitForAnimations, waitForApp } from './support/app.ts';
import { seedUuffcHistory } from './charts-history.ts';

test.use({ ...PHONE, serviceWorkers: 'block' });

test.beforeAll(async () => {
  const url = process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set');
  await seedUuffcHistory(url, 1000);
});

test('the 分分彩 chart: 1000 issues on a phone, count and pattern remembered, accessible', async ({ page }, testInfo) => {
  await page.goto('/game/chart/UUFFC');
  await waitForApp(page);
  await expect(page.getByTestId('chart-page')).toContainText('锦鲤分分彩 走势图');
  const grid = page.getByTestId('chart-grid');
  await expect(grid).toBeVisible();
  await expect(grid).toHaveAttribute('data-issues', '50');
  // Opens at the bottom: the newest issues and the summary rows.
  await expect.poll(() => grid.evaluate((element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 2)).toBe(true);

  await page.getByLabel('期数').selectOption('1000');
  await expect(grid).toHaveAttribute('data-issues', '1000', { timeout: 20_000 });
  // One canvas, whatever the number of issues.
  await expect(grid.locator('canvas')).toHaveCount(1);
  expect(await grid.evaluate((element) => element.scrollHeight)).toBeGreaterThan(1000 * 24);
  await expect(page.getByTestId('chart-stats').locator('tbody tr')).toHaveCount(60);
  await page.screenshot({ path: testInfo.outputPath('charts-phone-1000.png') });

  await page.getByLabel('折线').uncheck();
  await page.getByLabel('遗漏分层').check();
  await page.reload();
  await waitForApp(page);
  await expect(page.getByTestId('chart-grid')).toHaveAttribute('data-issues', '1000', { timeout: 20_000 });
  await expect(page.getByLabel('折线')).not.toBeChecked();
  await expect(page.getByLabel('遗漏分层')).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('charts-phone-pattern.png') });
  await page.getByLabel('折线').check();
  await page.getByLabel('遗漏分层').uncheck();

  // Scrolled to the oldest issues and sideways to the distribution.
  await grid.evaluate((element) => {
    element.scrollTop = 0;
    element.scrollLeft = element.scrollWidth;
  });
  // Each scroll repaints in the next animation frame.
  await waitForAnimations(page);
  await page.screenshot({ path: testInfo.outputPath('charts-phone-top-right.png') });

  const { violations } = await new AxeBuilder({ page }).analyze();
  const critical = violations.filter((v) => v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  const serious = violations.filter((v) => v.impact === 'serious').map((v) => v.id);
  if (serious.length > 0) test.info().annotations.push({ type: 'axe serious', description: serious.join(', ') });
  expect(critical).toEqual([]);
});

test('the chart in dark mode has no critical violations', async ({ page }, testInfo) => {
  await page.goto('/game/chart/UUK3');
  await waitForApp(page);
  await page.getByTestId('theme-switch').click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByTestId('trend-chart')).toBeVisible();
  await waitForAnimations(page);
  await page.screenshot({ path: testInfo.outputPath('charts-phone-dark-k3.png') });
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('draw types without a chart are not found', async ({ page }) => {
  await page.goto('/game/chart/MKSSC');
  await waitForApp(page);
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('on a phone the game page folds its chart; unfolded it shows the last 30 issues', async ({ page }) => {
  await page.goto('/game/regular/UUFFC');
  await waitForApp(page);
  const embedded = page.getByTestId('game-trend-chart');
  await expect(embedded).toHaveAttribute('data-open', 'false');
  await expect(embedded.getByTestId('trend-chart')).toHaveCount(0);
  await embedded.getByRole('button', { name: '展开走势' }).click();
  await expect(embedded.getByTestId('chart-grid')).toHaveAttribute('data-issues', '30');
  // The embedded count is fixed: the full page keeps the player's own choice.
  await expect(embedded.getByLabel('期数')).toHaveCount(0);
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test('the game page shows its chart open, and links to the full chart page', async ({ page }) => {
    await page.goto('/game/board/UUFFC');
    await waitForApp(page);
    const embedded = page.getByTestId('game-trend-chart');
    await expect(embedded).toHaveAttribute('data-open', 'true');
    await expect(embedded.getByTestId('chart-grid')).toHaveAttribute('data-issues', '30');
    await embedded.getByTestId('chart-full-link').click();
    await expect(page).toHaveURL('/game/chart/UUFFC');
    await expect(page.getByTestId('chart-grid')).toBeVisible();
  });
});

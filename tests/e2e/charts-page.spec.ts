// The trend chart page on a phone: a 1000-issue history laid out, the remembered count and pattern,
// no critical axe violations, and screenshots kept with the test's results.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PHONE, waitForAnimations, waitForApp } from './support/app.ts';
import { seedCqsscHistory, seedUuffcHistory } from './charts-history.ts';

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

test.describe('重庆时时彩: chart views and 遗漏冷热 in the picker', () => {
  test.beforeAll(async () => {
    await seedCqsscHistory((process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL)!, 59);
  });

  test('the chart page shows 和值, 跨度, 形态, 大小单双 and 龙虎 views of the same history', async ({ page }, testInfo) => {
    await page.goto('/game/chart/CQSSC');
    await waitForApp(page);
    const grid = page.getByTestId('chart-grid');
    await expect(grid).toHaveAttribute('data-issues', /^\d+$/);
    const tabs = page.getByTestId('chart-views').getByRole('tab');
    await expect(tabs).toHaveText(['基本走势', '和值', '跨度', '形态', '大小单双', '龙虎']);
    for (const tab of await tabs.all()) expect((await tab.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const rows = page.getByTestId('chart-stats').locator('tbody tr');
    const views = [
      { name: '和值', label: '重庆时时彩和值走势图', rows: 3 * 28, zone: 'sum-front' },
      { name: '跨度', label: '重庆时时彩跨度走势图', rows: 3 * 10, zone: 'span-back' },
      { name: '形态', label: '重庆时时彩形态走势图', rows: 3 * 3, zone: 'form-middle' },
      { name: '大小单双', label: '重庆时时彩大小单双走势图', rows: 5 * 4, zone: 'bigSmall-0' },
      { name: '龙虎', label: '重庆时时彩龙虎走势图', rows: 10 * 3, zone: 'dragonTiger-0-4' },
    ];
    for (const view of views) {
      await page.getByRole('tab', { name: view.name }).click();
      await expect(page.getByRole('tab', { name: view.name })).toHaveAttribute('aria-selected', 'true');
      await expect(grid).toHaveAttribute('aria-label', new RegExp(`^${view.label}，共 \\d+ 期`));
      await expect(rows).toHaveCount(view.rows);
      await expect(page.getByTestId('chart-stats').locator(`tr[data-zone="${view.zone}"]`).first()).toBeAttached();
      await waitForAnimations(page);
      await page.screenshot({ path: testInfo.outputPath(`charts-cqssc-${view.zone}.png`) });
    }
    // Each view's counts add up to the issues shown: one 形态 per issue and 三星.
    const issues = Number(await grid.getAttribute('data-issues'));
    await page.getByRole('tab', { name: '形态' }).click();
    const forms = page.getByTestId('chart-stats').locator('tr[data-zone="form-front"] td:first-of-type');
    await expect(forms).toHaveCount(3);
    expect((await forms.allTextContents()).reduce((total, text) => total + Number(text), 0)).toBe(issues);
  });

  test('the picker toggle shows 遗漏 and 冷热 under the numbers, remembered after a reload', async ({ page }, testInfo) => {
    await page.goto('/game/regular/CQSSC');
    await waitForApp(page);
    const panel = page.getByTestId('selection-panel');
    await expect(panel.locator('.jl-pick-row').first()).toBeVisible();
    await expect(panel.getByTestId('pick-stat')).toHaveCount(0);
    const toggle = page.getByRole('button', { name: '遗漏冷热' });
    expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByTestId('pick-stat')).toHaveCount(50);
    await expect(panel.getByText(/号码下方：上为遗漏/)).toBeVisible();

    // 万位 against the history the API gives (newest first), counted here.
    const history = await page.evaluate(async () => {
      const response = await fetch('/ajax/draws/CQSSC/results?count=50');
      return ((await response.json()) as { results: { result: number[] | null }[] }).results.flatMap((r) => (r.result ? [r.result] : []));
    });
    const wan = panel.locator('.jl-pick-row[data-row="万位"] [data-testid="pick-stat"]');
    const expected = Array.from({ length: 10 }, (_, digit) => {
      const at = history.findIndex((r) => r[0] === digit);
      return `${at === -1 ? `${history.length}+` : at}/${history.filter((r) => r[0] === digit).length}`;
    });
    await expect.poll(async () => (await wan.evaluateAll((cells) => cells.map((c) => `${c.getAttribute('data-omission')}/${c.getAttribute('data-hot')}`)))).toEqual(expected);
    await page.screenshot({ path: testInfo.outputPath('picker-cqssc-stats.png') });

    await page.reload();
    await waitForApp(page);
    await expect(page.getByRole('button', { name: '遗漏冷热' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('selection-panel').getByTestId('pick-stat')).toHaveCount(50);
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="selection-panel"]').analyze();
    expect(violations.filter((v) => v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
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

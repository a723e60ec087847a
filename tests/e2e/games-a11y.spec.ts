// The game pages at 360 px and on a desktop: phone screenshots kept in test-results/, no critical axe
// violations, no horizontal scrolling, no layout shift while the lobby loads or while the countdown
// ticks and results arrive, and betting by keyboard alone.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { loginAs, waitForAnimations, waitForApp } from './support/app.ts';

test.use({ serviceWorkers: 'block' });

const PHONE_360 = { width: 360, height: 780 };
/** What a lobby card's countdown shows once the schedule is in (never the loading dots). */
const COUNTDOWN = /距封盘 [\d:]+|距开售 [\d:]+|已封盘/;
const PAGES = [
  { name: 'lobby', path: '/', ready: 'game-lobby' },
  { name: 'regular-uuffc', path: '/game/regular/UUFFC', ready: 'selection-panel' },
  { name: 'board-uuffkeno', path: '/game/board/UUFFKENO', ready: 'board-bet-list' },
  { name: 'board-uumark6', path: '/game/board/UUMARK6', ready: 'board-bet-list' },
  { name: 'dice-f1tb', path: '/game/dice/F1TB', ready: 'dice-table' },
] as const;

async function criticalViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious').map((v) => v.id);
  if (serious.length > 0) test.info().annotations.push({ type: 'axe serious', description: serious.join(', ') });
  return violations.filter((v) => v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** In the page: adds up the layout shifts no input caused, from now or from the page's start. */
function recordLayoutShifts({ sincePageStart }: { sincePageStart: boolean }) {
  type Shift = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
  };
  const w = window as unknown as { __shift: number; __shifts: string[] };
  w.__shift = 0;
  w.__shifts = [];
  const describe = (node: Node | null) => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?';
    const testId = node.closest('[data-testid]')?.getAttribute('data-testid');
    return `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}${testId ? ` in ${testId}` : ''}`;
  };
  const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      if (entry.hadRecentInput) continue;
      w.__shift += entry.value;
      const sources = (entry.sources ?? []).map((source) => `${describe(source.node)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`);
      w.__shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${sources.join('; ')}`);
    }
  }).observe({ type: 'layout-shift', buffered: sincePageStart });
}

/** The page's cumulative layout shift so far; a failure names each shift with what moved. */
async function expectNoLayoutShift(page: Page): Promise<void> {
  const { total, shifts } = await page.evaluate(() => {
    const w = window as unknown as { __shift: number; __shifts: string[] };
    return { total: w.__shift, shifts: w.__shifts };
  });
  expect(total, shifts.join('\n')).toBeLessThan(0.01);
}

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

for (const target of PAGES) {
  test(`${target.name} at 360 px: screenshot, no critical violations, no sideways scrolling`, async ({ page, context }, testInfo) => {
    await loginAs(context, 'player');
    await page.setViewportSize(PHONE_360);
    await page.goto(target.path);
    await waitForApp(page);
    await expect(page.getByTestId(target.ready)).toBeVisible();
    await waitForAnimations(page);
    await keepScreenshot(page, testInfo, `phone-360-${target.name}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_360.width);
    expect(await criticalViolations(page)).toEqual([]);
  });

  test(`${target.name} on a desktop (anonymous): no critical violations`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(target.path);
    await waitForApp(page);
    await expect(page.getByTestId(target.ready)).toBeVisible();
    expect(await criticalViolations(page)).toEqual([]);
  });
}

test('the confirm and instant-result dialogs have no critical violations (phone)', async ({ page, context }, testInfo) => {
  await loginAs(context, 'player');
  await page.setViewportSize(PHONE_360);
  await page.goto('/game/regular/MKSSC');
  await waitForApp(page);
  await page.getByRole('button', { name: '机选1注' }).click();
  await page.getByTestId('slip-bet').click();
  await expect(page.getByTestId('confirm-order')).toBeVisible();
  expect(await criticalViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'phone-360-confirm-order');
  await page.getByTestId('confirm-order').getByRole('button', { name: '确认投注' }).click();
  await expect(page.getByTestId('instant-outcome')).toBeVisible();
  // The balls roll in one after another: measured once they have landed.
  await waitForAnimations(page);
  expect(await criticalViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'phone-360-instant-result');
});

test('the lobby loads on a slow phone without shifting the layout', async ({ page, context }) => {
  await page.setViewportSize(PHONE_360);
  // At 4× CPU the lobby's grid, rendered in a deferred pass, arrives frames after the heading: what is
  // already on screen (the footer, the bottom of the page) must not jump when it does.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(recordLayoutShifts, { sincePageStart: true });
  await page.goto('/');
  await waitForApp(page);
  await expect(page.getByTestId('lobby-game').first()).toBeVisible();
  // The cards' countdowns come with the schedule, after the grid: shifts until then are counted too.
  await expect(page.locator('.jl-card-countdown').first()).toHaveText(COUNTDOWN);
  await waitForAnimations(page);
  await expectNoLayoutShift(page);
});

test('the countdown and new results do not shift the layout', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/game/regular/UUFFC');
  await waitForApp(page);
  // On a fresh database (this file run alone) the first 1-minute draw may still be on its way.
  await expect(page.getByTestId('recent-results').locator('li').first()).toBeVisible({ timeout: 90_000 });
  const latest = (await page.getByTestId('issue-bar').locator('.jl-latest-result').textContent()) ?? '';
  await page.evaluate(recordLayoutShifts, { sincePageStart: false });
  // Wait through countdown ticks and at least one new result (1-minute draws), then two more ticks
  // of the countdown with the new result on screen.
  await expect(page.getByTestId('issue-bar').locator('.jl-latest-result')).not.toHaveText(latest, { timeout: 90_000 });
  const timer = page.getByTestId('issue-bar').getByRole('timer');
  for (let tick = 0; tick < 2; tick++) {
    const shown = (await timer.textContent()) ?? '';
    await expect(timer).not.toHaveText(shown);
  }
  await waitForAnimations(page);
  await expectNoLayoutShift(page);
});

test('a bet can be picked, added and confirmed with the keyboard alone', async ({ page, context }) => {
  await loginAs(context, 'player');
  await page.goto('/game/regular/MKSSC');
  await waitForApp(page);
  // 定位胆 by keyboard: focus the group button, press Enter, then Tab to the balls.
  await page.getByTestId('method-picker').getByRole('button', { name: '定位胆', exact: true }).focus();
  await page.keyboard.press('Enter');
  const first = page.locator('[data-row="万位"]').getByRole('button', { name: '7', exact: true });
  await first.focus();
  await page.keyboard.press('Space');
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('line-bets')).toHaveText('1');
  await page.getByTestId('add-to-slip').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('slip-bet').focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByTestId('confirm-order').getByRole('button', { name: '确认投注' });
  await expect(confirm).toBeVisible();
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('instant-result')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('instant-result')).toHaveCount(0);
});

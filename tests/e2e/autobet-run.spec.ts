// A player puts a bet on the 分分彩 page's slip, starts 追号 from the slip, sets up a doubling autobet
// over 5 issues with stop-on-win, watches the first two entries being placed as their issues open
// (UUFFC draws every minute), stops the rest, and finds it again from the game page's orders panel.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { loginAs, PHONE, waitForApp } from './support/app.ts';

test.use({ ...PHONE, serviceWorkers: 'block' });

// 五星直选 on one ticket: a win (which would stop the plan) is a 1-in-100000 chance per issue.
const REQUEST = {
  drawType: 'UUFFC',
  playMode: 'REGULAR',
  bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1, prizeGroup: 1950 }],
};

async function criticalViolations(page: Page, include: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  return violations.filter((v) => v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('doubling autobet over 5 issues: placed as issues open, then stopped', async ({ page, context }, testInfo) => {
  test.setTimeout(200_000);
  await loginAs(context, 'player');
  await page.goto('/game/regular/UUFFC');
  await waitForApp(page);
  // 五星直选复式 (the page's first method), one ticket: 1 2 3 4 5.
  for (const [position, value] of [['万位', '1'], ['千位', '2'], ['百位', '3'], ['十位', '4'], ['个位', '5']] as const) {
    await page.locator(`[data-row="${position}"]`).getByRole('button', { name: value, exact: true }).click();
  }
  await expect(page.getByTestId('line-amount')).toHaveText('¥2.00');
  await page.getByTestId('add-to-slip').click();
  await expect(page.getByTestId('slip-line')).toHaveCount(1);
  await page.getByTestId('slip-autobet').click();
  await expect(page).toHaveURL(/[?&]autobetFor=UUFFC\.REGULAR/);

  const screen = page.getByTestId('autobet-screen');
  await expect(screen).toBeVisible();
  await screen.getByText('翻倍追号').click();
  await screen.getByTestId('plan-issues').fill('5');
  await expect(screen.getByTestId('plan-stop-on-win')).toBeChecked();
  const preview = screen.getByTestId('plan-preview');
  await expect(preview.locator('tbody tr')).toHaveCount(5);
  await expect(preview.locator('tbody tr td:nth-child(3)')).toHaveText(['1', '2', '4', '8', '16']);
  await expect(screen.getByTestId('plan-total')).toHaveText('共 5 期，合计 ¥62.00');
  expect(await criticalViolations(page, '[data-testid="autobet-screen"]')).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('autobet-screen-phone.png') });

  await screen.getByTestId('autobet-submit').click();
  const detail = page.getByTestId('autobet-detail-view');
  await expect(detail).toBeVisible();
  await expect(page).toHaveURL(/[?&]autobet=\d+/);
  const entries = detail.getByTestId('autobet-entry');
  await expect(entries).toHaveCount(5);
  await expect(entries.locator('td:nth-child(3)')).toHaveText(['1', '2', '4', '8', '16']);

  // The first entry goes in at once (or when its issue opens); the second when the next issue opens.
  await expect(entries.nth(0)).toHaveAttribute('data-status', 'BET', { timeout: 75_000 });
  await expect(entries.nth(1)).toHaveAttribute('data-status', 'BET', { timeout: 100_000 });
  await expect(detail.getByTestId('autobet-status')).toHaveText('进行中');
  await expect(entries.nth(0).getByTestId('entry-order')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('autobet-detail-running-phone.png') });

  await detail.getByTestId('autobet-stop').click();
  await detail.getByTestId('autobet-stop-confirm-button').click();
  await expect(detail.getByTestId('autobet-status')).toHaveText('已停止');
  const statuses = await entries.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')));
  expect(statuses.slice(0, 2)).toEqual(['BET', 'BET']);
  // Whatever had not been placed when the stop arrived is STOP; nothing is left pending.
  expect(statuses.slice(2).every((s) => s === 'STOP' || s === 'BET')).toBe(true);
  expect(statuses.filter((s) => s === 'STOP').length).toBeGreaterThan(0);
  expect(statuses).not.toContain('PENDING');
  expect(await criticalViolations(page, '[data-testid="autobet-detail"]')).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('autobet-detail-stopped-phone.png') });

  // The game page's orders panel leads to the list, which shows it, stopped.
  await page.goto('/game/regular/UUFFC');
  await waitForApp(page);
  await page.getByTestId('my-orders').getByTestId('my-autobets-link').click();
  await expect(page).toHaveURL(/\/account\/autobet\/lottery/);
  await expect(page.getByTestId('autobet-item').first()).toContainText('已停止');
});

test('trial players have no autobet list and never see the screen', async ({ page, context }) => {
  await loginAs(context, 'trial');
  await page.goto('/game/regular/UUFFC');
  await waitForApp(page);
  await expect(page.getByTestId('my-orders')).toBeVisible();
  await expect(page.getByTestId('my-autobets-link')).toHaveCount(0);
  await page.goto('/account/autobet/lottery');
  await waitForApp(page);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.evaluate((request) => sessionStorage.setItem('jinli-autobet-request', JSON.stringify(request)), REQUEST);
  await page.goto('/?autobetFor=UUFFC.REGULAR');
  await waitForApp(page);
  await expect(page.getByTestId('autobet-screen')).toHaveCount(0);
  const refused = await page.request.post('/ajax/autobet', {
    data: { ...REQUEST, clientKey: 'trial-autobet-key', plan: { kind: 'SAME', issues: 2, multiplier: 1 }, stopOnWin: false },
    headers: { 'x-jinli-request': '1' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()) as { code: string }).toMatchObject({ code: 'TRIAL_FORBIDDEN' });
});

// Bets that must not go through: after sales close, offline, above the balance, refused for a trial
// account, by a visitor, on a closed game. Each shows its message and places nothing.
import { expect, test, type Page } from '@playwright/test';
import { loginAs, waitForApp } from './support/app.ts';
import { apiBalance, apiOrderCount, waitForOpenSales } from './games-support.ts';

test.use({ serviceWorkers: 'block' });

const OFFLINE_REASON = '当前网络已断开，充值、提现、转账和投注需要联网后才能进行';

async function addDirectBet(page: Page) {
  await page.locator('[data-row="万位"]').getByRole('button', { name: '1', exact: true }).click();
  for (const row of ['千位', '百位', '十位', '个位']) await page.locator(`[data-row="${row}"]`).getByRole('button', { name: '2', exact: true }).click();
  await page.getByTestId('add-to-slip').click();
}

async function currentIssue(page: Page) {
  const response = await page.request.get('/ajax/draws/UUFFC/current');
  return (await response.json()) as { serverTime: number; current: { issueNumber: string; closesAt: number } | null };
}

test('an issue that closes while the confirm dialog is open cannot be bet on', async ({ page, context }) => {
  test.setTimeout(150_000);
  await loginAs(context, 'player');
  await page.goto('/game/regular/UUFFC');
  await waitForApp(page);
  await addDirectBet(page);
  await waitForOpenSales(page, 3);
  // Open the dialog in the last seconds of the sales window.
  await expect.poll(async () => Number(((await page.getByRole('timer').textContent()) ?? '99:99').split(':')[1]), { timeout: 70_000, intervals: [250] }).toBeLessThanOrEqual(4);
  const issue = (await page.getByTestId('issue-number').textContent())!.replace(/\D/g, '');
  const orders = await apiOrderCount(page, 'UUFFC');
  await page.getByTestId('slip-bet').click();
  const dialog = page.getByTestId('confirm-order');
  await expect(dialog.getByTestId('bet-blocked-reason')).toHaveText(`第 ${issue} 期已截止投注`, { timeout: 10_000 });
  await expect(dialog.getByRole('button', { name: '确认投注' })).toBeDisabled();
  expect(await apiOrderCount(page, 'UUFFC')).toBe(orders);
});

test('an order that reaches the server after sales closed is refused with the server message', async ({ page, context }) => {
  test.setTimeout(150_000);
  await loginAs(context, 'player');
  await page.goto('/game/regular/UUFFC');
  await waitForApp(page);
  await addDirectBet(page);
  await waitForOpenSales(page, 6);
  const { current } = await currentIssue(page);
  const orders = await apiOrderCount(page, 'UUFFC');
  const before = await apiBalance(page);
  // A slow network at the close: the request leaves while the page still sells the issue.
  await page.route('**/ajax/orders', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await expect.poll(async () => (await currentIssue(page)).serverTime, { timeout: 60_000, intervals: [500] }).toBeGreaterThan(current!.closesAt + 500);
    await route.continue();
  });
  await page.getByTestId('slip-bet').click();
  const refused = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/ajax/orders'), { timeout: 60_000 });
  await page.getByTestId('confirm-order').getByRole('button', { name: '确认投注' }).click();
  expect((await refused).status()).toBe(409);
  await expect(page.getByRole('alert').filter({ hasText: `第 ${current!.issueNumber} 期已截止投注` })).toBeVisible();
  await page.unrouteAll({ behavior: 'wait' });
  expect(await apiOrderCount(page, 'UUFFC')).toBe(orders);
  expect(await apiBalance(page)).toBe(before);
  // The slip is kept for the next issue.
  await expect(page.getByTestId('slip-line')).toHaveCount(1);
});

test('offline, betting is disabled with the reason and nothing is sent', async ({ page, context }) => {
  await loginAs(context, 'player');
  await page.goto('/game/regular/MKSSC');
  await waitForApp(page);
  await addDirectBet(page);
  await page.getByTestId('slip-bet').click();
  const dialog = page.getByTestId('confirm-order');
  await expect(dialog.getByRole('button', { name: '确认投注' })).toBeEnabled();
  let posted = false;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/ajax/orders')) posted = true;
  });
  await context.setOffline(true);
  await expect(dialog.getByTestId('bet-blocked-reason')).toHaveText(OFFLINE_REASON);
  await expect(dialog.getByRole('button', { name: '确认投注' })).toBeDisabled();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(page.getByTestId('slip-bet')).toBeDisabled();
  await expect(page.getByTestId('bet-slip').getByTestId('bet-blocked-reason')).toHaveText(OFFLINE_REASON);
  await context.setOffline(false);
  await expect(page.getByTestId('slip-bet')).toBeEnabled();
  expect(posted).toBe(false);
});

test('a trial player can bet, and a bet above the balance is refused with 余额不足', async ({ page, context }) => {
  await loginAs(context, 'trial');
  await page.goto('/game/regular/MKSSC');
  await waitForApp(page);
  // Spec §6: trial accounts bet with their funds.
  const orders = await apiOrderCount(page, 'MKSSC');
  await addDirectBet(page);
  await page.getByTestId('slip-bet').click();
  await page.getByTestId('confirm-order').getByRole('button', { name: '确认投注' }).click();
  await expect(page.getByTestId('instant-result')).toBeVisible();
  await page.getByTestId('instant-result').getByRole('button', { name: '继续投注' }).click();
  expect(await apiOrderCount(page, 'MKSSC')).toBe(orders + 1);

  // 10 × 10 × 1 × 1 × 1 = 100 注 × 2 元 × 100 倍 = 20000 元, above the trial funds.
  const before = await apiBalance(page);
  expect(before).toBeLessThan(20_000 * 10_000);
  await page.locator('[data-row="万位"]').getByRole('button', { name: '万位 全' }).click();
  await page.locator('[data-row="千位"]').getByRole('button', { name: '千位 全' }).click();
  for (const row of ['百位', '十位', '个位']) await page.locator(`[data-row="${row}"]`).getByRole('button', { name: '0', exact: true }).click();
  await page.getByTestId('multiplier').fill('100');
  await expect(page.getByTestId('line-amount')).toHaveText('¥20000.00');
  await page.getByTestId('add-to-slip').click();
  await page.getByTestId('slip-bet').click();
  await page.getByTestId('confirm-order').getByRole('button', { name: '确认投注' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '余额不足' })).toBeVisible();
  // Nothing placed, nothing debited; the dialog stays for the player to change the bet.
  await expect(page.getByTestId('confirm-order')).toBeVisible();
  expect(await apiOrderCount(page, 'MKSSC')).toBe(orders + 1);
  expect(await apiBalance(page)).toBe(before);
});

test('a trial refusal from the server opens the trial-account alert', async ({ page, context }) => {
  await loginAs(context, 'trial');
  await page.route('**/ajax/orders', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ code: 'TRIAL_FORBIDDEN', message: '试玩账号不能投注' }) })
      : route.continue(),
  );
  await page.goto('/game/regular/MKSSC');
  await waitForApp(page);
  await addDirectBet(page);
  await page.getByTestId('slip-bet').click();
  await page.getByTestId('confirm-order').getByRole('button', { name: '确认投注' }).click();
  await expect(page.getByTestId('trial-restriction')).toContainText('试玩账号无法投注');
});

test('a visitor is asked to log in before betting', async ({ page }) => {
  await page.goto('/game/regular/MKSSC');
  await waitForApp(page);
  await addDirectBet(page);
  await page.getByTestId('slip-bet').click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await expect(page.getByTestId('confirm-order')).toHaveCount(0);
  await expect(page.getByTestId('slip-line')).toHaveCount(1);
});

test('a game the operator has closed shows the spec message instead of the board', async ({ page }) => {
  await page.route('**/ajax/enabled-games', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as { lotterys: { drawType: string }[]; dices: { drawType: string }[] };
    config.lotterys = config.lotterys.filter((g) => g.drawType !== 'UUFFC');
    config.dices = config.dices.filter((g) => g.drawType !== 'F1TB');
    await route.fulfill({ response, json: config });
  });
  await page.goto('/game/regular/UUFFC');
  await waitForApp(page);
  await expect(page.getByTestId('game-closed')).toHaveText('彩票游戏暂时关闭，请稍后再试');
  await expect(page.getByTestId('selection-panel')).toHaveCount(0);
  await page.goto('/game/dice/F1TB');
  await waitForApp(page);
  await expect(page.getByTestId('game-closed')).toHaveText('骰宝游戏暂时关闭，请稍后再试');
  await page.goto('/');
  await waitForApp(page);
  await expect(page.locator('[data-testid="lobby-game"][data-draw-type="UUFFC"]')).toContainText('彩票游戏暂时关闭，请稍后再试');
  await expect(page.locator('[data-testid="lobby-game"][data-draw-type="F1TB"]')).toContainText('骰宝游戏暂时关闭，请稍后再试');
});

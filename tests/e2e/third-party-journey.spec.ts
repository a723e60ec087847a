// Issue 20 acceptance, as a new player would: ¥200 into a sandbox slot provider, the slot opened from
// the header menu in a new tab, a few spins at the sandbox, back to the platform, 一键回收, and every
// step in both statements with the totals matching. Then the transfer and slot pages on a phone:
// no critical axe violations, no sideways scroll, no English beyond the providers' brand codes.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { loginAs, waitForApp } from './support/app.ts';

test.use({ serviceWorkers: 'block' });

const PROVIDER = 'PG';
const SPINS = 3;
/** Whole 元 text like "¥1,234.50" → 0.0001 元 units. */
const units = (text: string) => Math.round(Number(text.replace(/[¥,\s]/g, '')) * 10_000);
const money = (amount: number) => `¥${(amount / 10_000).toFixed(2)}`;
const TRANSFER_TYPES = new Set(['TT', 'TO', 'TI', 'TOU', 'TIU', 'TOUF', 'TOUFAIL', 'TIUFAIL']);

async function criticalViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Latin letters only in brand codes (providers, App, VIP). */
const BRANDS = /\b(AG|BBIN|CQ9|JDB|LC|MG|PT|IM|PG|PP|XM|AVIA|App|VIP\d?)\b/g;

test('a new player moves ¥200 to a sandbox slot, plays, recalls, and both statements agree', async ({ page, context }) => {
  test.setTimeout(240_000);
  await loginAs(context, 'player', { funds: 500 });

  // 1. ¥200 from the main wallet into PG.
  await page.goto('/wallet/third-party');
  await waitForApp(page);
  await expect(page.getByTestId('main-wallet-balance')).toHaveText('¥500.00');
  const form = page.getByTestId('transfer-form');
  await form.getByLabel('游戏钱包').selectOption(PROVIDER);
  await form.getByLabel('转账金额（元）').fill('200.5');
  await form.getByTestId('transfer-submit').click();
  await expect(form.getByText('转账金额须为整数元')).toBeVisible();
  await form.getByLabel('转账金额（元）').fill('200');
  await form.getByTestId('transfer-submit').click();
  const pgWallet = page.getByTestId('provider-wallet').and(page.locator(`[data-provider="${PROVIDER}"]`));
  await expect(pgWallet.getByTestId('provider-balance')).toHaveText('¥200.00');
  await expect(page.getByTestId('main-wallet-balance')).toHaveText('¥300.00');
  await expect(page.getByTestId('transfer-row').first()).toHaveAttribute('data-status', 'SUCCESS');

  // 2. The slot from the header menu: 电子 → PG → a title, which opens in a new tab.
  await page.goto('/');
  await waitForApp(page);
  await page.getByTestId('catalogue-menu-button').and(page.locator('[data-catalogue="SLOT_MACHINE"]')).hover();
  await page.getByTestId('catalogue-menu').getByTestId('provider-card').and(page.locator(`[data-provider="${PROVIDER}"]`)).click();
  await expect(page.getByTestId('slot-page')).toHaveAttribute('data-provider', PROVIDER);
  await expect(page.getByTestId('sandbox-badge')).toBeVisible();
  const [game] = await Promise.all([context.waitForEvent('page'), page.getByTestId('slot-game').first().click()]);

  // 3. A few spins at the sandbox provider's page (it says 沙箱).
  // The launch page (on our origin) replaces itself with the provider's game page (another origin).
  const ours = new URL(page.url()).host;
  await game.waitForURL((url) => url.host !== ours, { timeout: 30_000 });
  await expect(game.locator('h1')).toContainText('沙箱');
  await expect(game.locator('[data-balance]')).toHaveText(/^¥?200\.00$/);
  for (let round = 1; round <= SPINS; round += 1) {
    await game.getByRole('button', { name: /旋转/ }).first().click();
    await expect(game.locator(`[data-last-round="${round}"]`)).toBeVisible();
  }
  const left = units(await game.locator('[data-balance]').innerText());
  await game.getByRole('link', { name: '返回锦鲤' }).click();
  await expect(game.getByTestId('third-party-transfer-page')).toBeVisible();
  await game.close();

  // 4. 一键回收 brings the PG balance back.
  await page.goto('/wallet/third-party');
  await waitForApp(page);
  await page.getByTestId('recall-all').click();
  const recalled = page.getByTestId('recall-transfer').and(page.locator(`[data-provider="${PROVIDER}"]`));
  await expect(recalled).toHaveAttribute('data-status', 'SUCCESS');
  await expect(recalled).toContainText(money(left));
  await expect(page.getByTestId('main-wallet-balance')).toHaveText(money(3_000_000 + left));
  await expect(pgWallet.getByTestId('provider-balance')).toHaveText('¥0.00');

  // 5. The main wallet's statement: the transfer out and back in, netting what the session won or lost.
  await page.goto('/account/transaction/main-wallet');
  await waitForApp(page);
  const rows = page.getByTestId('transaction-row');
  await expect(rows.first()).toBeVisible();
  const entries = await rows.evaluateAll((els) =>
    els.map((el) => ({ type: el.getAttribute('data-type') ?? '', amount: el.querySelector('[data-testid="transaction-amount"]')?.textContent ?? '' })),
  );
  const transfers = entries.filter((e) => TRANSFER_TYPES.has(e.type));
  expect(transfers.length).toBeGreaterThanOrEqual(2);
  expect(transfers.reduce((sum, e) => sum + units(e.amount), 0)).toBe(left - 2_000_000);
  await expect(rows.first().getByTestId('transaction-balance')).toHaveText(`余额 ${money(3_000_000 + left)}`);

  // 6. The third-party statement: 转入 +200, every spin's bet (and win), 转回 −left: it sums to zero.
  await page.getByRole('tab', { name: '第三方钱包' }).click();
  const records = page.getByTestId('third-party-record');
  // Bet records reach the platform on the puller's schedule: look again until all the spins are in.
  await expect(async () => {
    await page.reload();
    await waitForApp(page);
    await expect(records.and(page.locator('[data-type="BET"]'))).toHaveCount(SPINS, { timeout: 2_000 });
  }).toPass({ timeout: 120_000 });
  await expect(records.and(page.locator('[data-type="TITP"]'))).toHaveCount(1);
  await expect(records.and(page.locator('[data-type="TOTP"]'))).toHaveCount(1);
  await expect(records.and(page.locator('[data-type="TITP"]'))).toHaveAttribute('data-amount', '2000000');
  await expect(records.and(page.locator('[data-type="TOTP"]'))).toHaveAttribute('data-amount', String(-left));
  const amounts = await records.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-amount'))));
  expect(amounts.reduce((sum, a) => sum + a, 0)).toBe(0);
  await expect(page.getByTestId('third-party-page-total')).toHaveText('本页合计 ¥0.00');
});

test('the fishing menu shows each provider\'s rooms; a room opens its game; a closed provider and an anonymous visitor are told', async ({ page, context }) => {
  await page.goto('/third-party-game/game?gameProvider=PG&gameCatalog=SLOT_MACHINE');
  await waitForApp(page);
  await expect(page.getByTestId('login-modal')).toBeVisible();

  await loginAs(context, 'player', { funds: 10 });
  // MG is a slot provider the demo does not enable: spec §8's message, nothing asked of the provider.
  await page.goto('/third-party-game/game?gameProvider=MG&gameCatalog=SLOT_MACHINE');
  await waitForApp(page);
  await expect(page.getByTestId('third-party-closed')).toHaveText('第三方游戏暂时关闭，请稍后再试');

  await page.goto('/');
  await waitForApp(page);
  await page.getByTestId('catalogue-menu-button').and(page.locator('[data-catalogue="FISHING_JOY"]')).hover();
  const card = page.getByTestId('catalogue-menu').getByTestId('provider-card').and(page.locator('[data-provider="AG"]'));
  await card.hover();
  const rooms = page.getByTestId('fishing-rooms').and(page.locator('[data-provider="AG"]'));
  await expect(rooms.getByTestId('fishing-room').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('fishing-rooms.png') });
  const [game] = await Promise.all([context.waitForEvent('page'), rooms.getByTestId('fishing-room').first().click()]);
  const ours = new URL(page.url()).host;
  await game.waitForURL((url) => url.host !== ours, { timeout: 30_000 });
  await expect(game.locator('h1')).toContainText('捕鱼');
  await expect(game.locator('h1')).toContainText('沙箱');
  await game.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  for (const { name, path, ready } of [
    { name: 'transfer', path: '/wallet/third-party', ready: 'provider-wallets' },
    { name: 'slot', path: `/game/slot-machine/${PROVIDER}`, ready: 'slot-games' },
  ]) {
    test(`the ${name} page fits, passes axe and shows no English`, async ({ page, context }) => {
      await loginAs(context, 'player', { funds: 100 });
      await page.goto(path);
      await waitForApp(page);
      await expect(page.getByTestId(ready)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await criticalViolations(page)).toEqual([]);
      const text = (await page.locator('main').innerText()).replace(BRANDS, '');
      expect(text).not.toMatch(/[A-Za-z]{2,}/);
      await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
    });
  }
});

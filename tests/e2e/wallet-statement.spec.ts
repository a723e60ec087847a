// The main wallet's statement in the browser at a phone viewport: a new player's funding deposit and
// an instant (秒开) bet — settled inside its request — show as entries with their labels, signed
// amounts and balances, exactly as the ledger has them; the type filter narrows the list; the
// personal centre and the bottom navigation lead to the wallet pages.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { CSRF, loginAs, PHONE, waitForApp } from './support/app.ts';

test.use({ serviceWorkers: 'block', ...PHONE });

interface Entry {
  type: string;
  typeLabel: string;
  amount: number;
  balanceAfter: number;
}

const money = (units: number) => `${units < 0 ? '-' : ''}¥${(Math.floor(Math.abs(units) / 100) / 100).toFixed(2)}`;
const signed = (units: number) => (units > 0 ? `+${money(units)}` : money(units));

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('a player’s statement after a bet shows every ledger entry, newest first', async ({ page, context }, testInfo) => {
  await loginAs(context, 'player');
  expect((await page.request.get('/ajax/instant-seed')).ok()).toBe(true);
  const bet = await page.request.post('/ajax/orders', {
    headers: CSRF,
    data: {
      playMode: 'REGULAR',
      clientKey: `e2e-statement-${Date.now()}`,
      drawType: 'MKSSC',
      bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1 }],
    },
  });
  expect(bet.ok(), await bet.text()).toBe(true);
  const ledger = (await (await page.request.get('/ajax/wallet/transactions')).json()) as { items: Entry[] };
  expect(ledger.items.map((e) => e.type)).toContain('BET');
  expect(ledger.items.at(-1)).toMatchObject({ type: 'DEP', typeLabel: '充值' });

  await page.goto('/account/center');
  await waitForApp(page);
  const bottom = page.getByRole('navigation', { name: '底部导航' });
  await expect(bottom.getByRole('link', { name: '充值' })).toHaveAttribute('href', '/wallet/deposit');
  await expect(bottom.getByRole('link', { name: '提现' })).toHaveAttribute('href', '/wallet/withdrawal');
  await page.getByTestId('wallet-shortcuts').getByRole('link', { name: '交易记录' }).click();
  await expect(page).toHaveURL(/\/account\/transaction\/main-wallet$/);

  const rows = page.getByTestId('transaction-row');
  await expect(rows).toHaveCount(ledger.items.length);
  await expect(rows.getByTestId('transaction-type')).toHaveText(ledger.items.map((e) => e.typeLabel));
  await expect(rows.getByTestId('transaction-amount')).toHaveText(ledger.items.map((e) => signed(e.amount)));
  await expect(rows.getByTestId('transaction-balance')).toHaveText(ledger.items.map((e) => `余额 ${money(e.balanceAfter)}`));
  await keepScreenshot(page, testInfo, 'statement-phone');

  await page.getByTestId('filter-group').selectOption({ label: '投注' });
  await expect(rows.getByTestId('transaction-type')).toHaveText(ledger.items.filter((e) => e.type === 'BET').map(() => '投注'));
  await page.getByRole('tab', { name: '第三方钱包' }).click();
  await expect(page.getByTestId('third-party-empty')).toBeVisible();
});

// A new player on a phone: sets the money password from the withdrawal page's link, binds a bank card
// (a wrong card number first: the spec §5 message), withdraws, sees the request in the history and
// cancels a second one, whose amount comes back.
import { expect, test } from '@playwright/test';
import { loginAs, waitForApp } from './support/app.ts';
import { apiBalance } from './games-support.ts';
import { freshCardNumber, MONEY_PASSWORD } from './wallet-withdrawal-support.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

test('a new player binds a bank card, withdraws, and cancels a second request from the history', async ({ page, context }) => {
  await loginAs(context, 'player', { funds: 2_000 });
  await page.goto('/wallet/withdrawal/bank');
  await waitForApp(page);
  await expect(page.getByTestId('withdrawal-balance')).toHaveText('¥2000.00');
  await expect(page.getByTestId('required-stake')).toHaveText('¥0.00');

  // No money password yet: the page says where to set one.
  await page.getByTestId('set-money-password-link').click();
  await expect(page.getByTestId('account-center')).toBeVisible();
  await page.getByRole('tab', { name: '安全设置' }).click();
  const moneyPassword = page.getByTestId('money-password-form');
  await moneyPassword.getByLabel('新资金密码').fill(MONEY_PASSWORD);
  await moneyPassword.getByLabel('确认资金密码').fill(MONEY_PASSWORD);
  await moneyPassword.getByRole('button', { name: '设置资金密码' }).click();
  await expect(page.getByText('资金密码已设置')).toBeVisible();

  await page.goto('/wallet/withdrawal/bank');
  await waitForApp(page);
  const bind = page.getByTestId('bind-account-form');
  await expect(page.getByTestId('no-payout-accounts')).toBeVisible();
  const card = freshCardNumber();
  await bind.getByLabel('开户银行').selectOption('ICBC');
  await bind.getByLabel('银行卡号').fill(`${card.slice(0, -1)}${(Number(card.at(-1)) + 1) % 10}`);
  await bind.getByLabel('开户支行').fill('北京朝阳支行');
  await bind.getByLabel('开户人姓名').fill('张三');
  await bind.getByLabel('资金密码').fill(MONEY_PASSWORD);
  await bind.getByRole('button', { name: '绑定' }).click();
  await expect(page.getByText('输入的银行卡号有误，请仔细核对').first()).toBeVisible();
  await bind.getByLabel('银行卡号').fill(card);
  await bind.getByRole('button', { name: '绑定' }).click();
  const account = page.getByTestId('payout-accounts').getByRole('radio');
  await expect(account).toHaveCount(1);
  await expect(account).toBeChecked();
  await expect(page.getByTestId('payout-accounts')).toContainText(card.slice(-4));

  const withdraw = page.getByTestId('withdraw-form');
  await withdraw.getByLabel('提现金额（元）').fill('50');
  await withdraw.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('提现金额不能低于 100 元').first()).toBeVisible();
  await withdraw.getByLabel('提现金额（元）').fill('300');
  await expect(page.getByTestId('withdrawal-net')).toHaveText('¥300.00');
  await withdraw.getByLabel('资金密码').fill(MONEY_PASSWORD);
  await withdraw.getByRole('button', { name: '提交' }).click();
  // A card bound minutes ago sends the request to a person (automatic audit).
  await expect(page.getByTestId('withdrawal-submitted-status')).toHaveText('系统审核未通过，已转人工审核');
  await expect(page.getByTestId('withdrawal-balance')).toHaveText('¥1700.00');

  await withdraw.getByLabel('提现金额（元）').fill('200');
  await withdraw.getByLabel('资金密码').fill(MONEY_PASSWORD);
  await withdraw.getByRole('button', { name: '提交' }).click();
  await expect(page.getByTestId('withdrawal-balance')).toHaveText('¥1500.00');
  await expect(page.getByTestId('used-today-count')).toHaveText(/^2 \/ \d+ 次$/);

  await page.getByTestId('withdrawal-page').getByRole('link', { name: '提现记录', exact: true }).click();
  const rows = page.getByTestId('withdrawal-row');
  await expect(rows).toHaveCount(2);
  const second = rows.filter({ hasText: '¥200.00' });
  const first = rows.filter({ hasText: '¥300.00' });
  await expect(first.getByTestId('withdrawal-status')).toHaveText('系统审核未通过，已转人工审核');
  await expect(first).toContainText(card.slice(-4));
  await second.getByTestId('cancel-withdrawal').click();
  await page.getByTestId('cancel-withdrawal-confirm').getByRole('button', { name: '确认取消' }).click();
  await expect(second.getByTestId('withdrawal-status')).toHaveText('用户已取消');
  await expect(second.getByTestId('cancel-withdrawal')).toHaveCount(0);
  await expect.poll(() => apiBalance(page)).toBe(1_700 * 10_000);

  await page.getByTestId('filter-status').selectOption('CANCELLED');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('¥200.00');
});

// Issue 16 item 5 in the browser: a 客服 operator finds a customer in the back office and freezes the
// account; the player's next bet, on the page they had open all along, is refused with the freeze's
// message, and so is their next login. The player is this test's own account; MKSSC (instant) bets
// need no open sales window, and nothing is placed.
import { expect, test, type BrowserContext } from '@playwright/test';
import { createOperator, signInThroughApi, type Role } from './backoffice-support.ts';
import { CSRF, loginAs, waitForApp } from './support/app.ts';

test.use({ serviceWorkers: 'block' });

const FROZEN = '账号已被冻结，请联系客服';

async function signInOperator(context: BrowserContext, role: Role): Promise<void> {
  await signInThroughApi(context.request, await createOperator(context.request, role));
}

test('an operator finds a customer and freezes them; the player\'s next bet and login show why', async ({ page, context, browser }) => {
  const player = await loginAs(context, 'player', { alias: '冻结测试玩家' });
  await page.goto('/game/regular/MKSSC');
  await waitForApp(page);
  await page.locator('[data-row="万位"]').getByRole('button', { name: '1', exact: true }).click();
  for (const row of ['千位', '百位', '十位', '个位']) await page.locator(`[data-row="${row}"]`).getByRole('button', { name: '2', exact: true }).click();
  await page.getByTestId('add-to-slip').click();

  const backoffice = await browser.newContext();
  try {
    await signInOperator(backoffice, 'SUPPORT');
    const admin = await backoffice.newPage();
    await admin.goto('/backoffice/customers');
    await admin.getByLabel('用户名（前缀）').fill(player.username);
    await admin.getByRole('button', { name: '查询' }).click();
    const rows = admin.getByTestId('customer-row');
    await expect(rows).toHaveCount(1);
    await rows.getByRole('link', { name: player.username }).click();
    await expect(admin.getByRole('heading', { name: new RegExp(player.username) })).toBeVisible();
    await expect(admin.getByTestId('customer-status')).toHaveText('正常');
    // 客服 may not adjust balances: the button is not offered.
    await expect(admin.getByRole('button', { name: '人工调整余额' })).toHaveCount(0);

    await admin.getByRole('button', { name: '冻结账号' }).click();
    const dialog = admin.getByRole('dialog', { name: '冻结账号' });
    await dialog.getByRole('button', { name: '确认冻结' }).click();
    await expect(dialog.getByText('请填写 2-500 个字符的原因')).toBeVisible();
    await dialog.getByLabel('原因（记入审计日志）').fill('浏览器测试：疑似盗号');
    await dialog.getByRole('button', { name: '确认冻结' }).click();
    await expect(dialog.getByRole('status')).toContainText('已冻结');
    await dialog.getByRole('button', { name: '关闭' }).click();
    await expect(admin.getByTestId('customer-status')).toHaveText('已冻结');
    await expect(admin.getByText('原因：浏览器测试：疑似盗号')).toBeVisible();
    const customerId = /\/customers\/(\d+)/.exec(admin.url())![1];

    // The player's page was open all along: the next bet is refused with the freeze's message.
    await page.getByTestId('slip-bet').click();
    await page.getByTestId('confirm-order').getByRole('button', { name: '确认投注' }).click();
    await expect(page.getByRole('alert').filter({ hasText: FROZEN })).toBeVisible();
    const orders = await backoffice.request.get(`/ajax/backoffice/customers/${customerId}/orders`);
    expect((await orders.json()).total).toBe(0);

    // And so is logging in again.
    const login = await context.request.put('/ajax/login', { data: { username: player.username, password: player.password }, headers: CSRF });
    expect(login.status()).toBe(403);
    expect((await login.json()).message).toBe(FROZEN);
  } finally {
    await backoffice.close();
  }
});

test('a 财务 operator asks for a balance adjustment; it is posted once a second 财务 approves', async ({ browser }) => {
  const playerContext = await browser.newContext();
  const backoffice = await browser.newContext();
  const approver = await browser.newContext();
  try {
    const player = await loginAs(playerContext, 'player', { alias: '调整测试玩家', funds: 100 });
    await signInOperator(backoffice, 'FINANCE');
    const admin = await backoffice.newPage();
    await admin.goto('/backoffice/customers');
    await admin.getByLabel('用户名（前缀）').fill(player.username);
    await admin.getByRole('button', { name: '查询' }).click();
    await admin.getByTestId('customer-row').getByRole('link', { name: player.username }).click();
    // 财务 may not freeze: that button is not offered.
    await expect(admin.getByRole('button', { name: '人工调整余额' })).toBeVisible();
    await expect(admin.getByRole('button', { name: '冻结账号' })).toHaveCount(0);

    await admin.getByRole('button', { name: '人工调整余额' }).click();
    const dialog = admin.getByRole('dialog', { name: '人工调整余额' });
    await dialog.getByLabel('金额（元）').fill('1.005');
    await dialog.getByLabel('原因（记入审计日志）').fill('浏览器测试：活动补发');
    await dialog.getByRole('button', { name: '提交审批' }).click();
    await expect(dialog.getByText('调整金额最多两位小数')).toBeVisible();
    await dialog.getByLabel('金额（元）').fill('25.50');
    await dialog.getByRole('button', { name: '提交审批' }).click();
    const status = dialog.getByRole('status');
    await expect(status).toContainText('已提交审批');
    const approvalId = /#(\d+)/.exec((await status.textContent()) ?? '')![1];

    await signInOperator(approver, 'FINANCE');
    const approved = await approver.request.post(`/ajax/backoffice/approvals/${approvalId}/approve`, { data: {}, headers: CSRF });
    expect(approved.status()).toBe(200);
    const balance = await playerContext.request.get('/ajax/wallet/main-wallet-balance');
    expect((await balance.json()).balance).toBe(player.balance + 255_000);

    await dialog.getByRole('button', { name: '关闭' }).click();
    await admin.reload();
    await admin.getByRole('tab', { name: '账变明细' }).click();
    await expect(admin.getByRole('row').filter({ hasText: '人工加款' })).toContainText('¥25.50');
  } finally {
    await Promise.all([playerContext.close(), backoffice.close(), approver.close()]);
  }
});

// The back office's 第三方游戏 pages against the real sandbox provider: an operator switches a
// catalogue, sets and clears a sandbox fault, follows a player's transfer in the confirmation queue
// with its history, and reconciles the provider. LEG (card games) is used by no other browser test;
// MG's slot switch is put back as it was.
import { expect, test, type BrowserContext } from '@playwright/test';
import { totpCode } from '../../src/server/backoffice/core/totp.ts';
import { CSRF, loginAs } from './support/app.ts';

test.use({ serviceWorkers: 'block' });

async function signInOperator(context: BrowserContext): Promise<void> {
  const created = await context.request.post('/ajax/test/operators', { data: { role: 'SUPER_ADMIN' }, headers: CSRF });
  expect(created.ok()).toBe(true);
  const operator = (await created.json()) as { username: string; password: string; totpSecret: string };
  expect((await context.request.post('/ajax/backoffice/sign-in/password', { data: { username: operator.username, password: operator.password }, headers: CSRF })).ok()).toBe(true);
  expect((await context.request.post('/ajax/backoffice/sign-in/code', { data: { code: totpCode(operator.totpSecret) }, headers: CSRF })).ok()).toBe(true);
}

test('an operator manages providers, sandbox faults, the transfer queue and reconciliation', async ({ browser, context }) => {
  const backoffice = await browser.newContext();
  try {
    await signInOperator(backoffice);
    const enable = await backoffice.request.put('/ajax/backoffice/providers/LEG', { data: { enabled: true, reason: '浏览器测试启用' }, headers: CSRF });
    expect(enable.ok()).toBe(true);
    const admin = await backoffice.newPage();

    // 第三方平台: switch MG's slot catalogue off and on again, each change with its reason.
    await admin.goto('/backoffice/providers');
    const mg = admin.locator('[data-testid="provider-row"][data-provider="MG"]');
    const slotSwitch = mg.getByRole('switch', { name: 'MG 电子' });
    await expect(slotSwitch).toBeDisabled();
    await admin.getByLabel('操作原因（记入审计日志，必填）').fill('浏览器测试：电子开关');
    const wasOn = await slotSwitch.isChecked();
    for (const want of [!wasOn, wasOn]) {
      const saved = admin.waitForResponse((r) => r.url().endsWith('/ajax/backoffice/providers/MG') && r.request().method() === 'PUT');
      await slotSwitch.click({ force: true });
      expect((await saved).status()).toBe(200);
      await expect(slotSwitch).toBeChecked({ checked: want });
    }
    await expect(admin.getByText('沙箱服务商')).toBeVisible();

    // 服务商沙箱故障: LEG's balance queries fail, then not.
    await admin.goto('/backoffice/providers/faults');
    await admin.getByLabel('平台').selectOption('LEG');
    const faults = admin.getByTestId('provider-faults');
    await faults.getByRole('switch', { name: '余额查询失败' }).click({ force: true });
    await faults.getByLabel('操作原因（记入审计日志，必填）').fill('浏览器测试：故障演练');
    let saved = admin.waitForResponse((r) => r.url().endsWith('/ajax/backoffice/providers/LEG/faults') && r.request().method() === 'PUT');
    await faults.getByRole('button', { name: '保存' }).click();
    expect((await saved).status()).toBe(200);
    await expect(admin.getByTestId('provider-faults').getByRole('switch', { name: '余额查询失败' })).toBeChecked();
    await admin.getByTestId('provider-faults').getByRole('switch', { name: '余额查询失败' }).click({ force: true });
    await admin.getByTestId('provider-faults').getByLabel('操作原因（记入审计日志，必填）').fill('浏览器测试：恢复');
    saved = admin.waitForResponse((r) => r.url().endsWith('/ajax/backoffice/providers/LEG/faults') && r.request().method() === 'PUT');
    await admin.getByTestId('provider-faults').getByRole('button', { name: '保存' }).click();
    expect((await saved).status()).toBe(200);
    await expect(admin.getByTestId('provider-faults').getByRole('switch', { name: '余额查询失败' })).not.toBeChecked();

    // A player sends ¥100 to LEG; the queue shows it with its history.
    const player = await loginAs(context, 'player', { funds: 500 });
    const sent = await context.request.post('/ajax/wallet/third-party/transfers', {
      data: { provider: 'LEG', direction: 'IN', amount: 100 * 10_000, requestKey: `bo-e2e-${Date.now()}` },
      headers: CSRF,
    });
    expect(sent.ok()).toBe(true);
    await admin.goto('/backoffice/providers/transfers');
    await admin.getByLabel('状态').selectOption('');
    await admin.getByLabel('平台').selectOption('LEG');
    const row = admin.locator('[data-testid="provider-transfer-row"]', { hasText: player.username });
    await expect(row).toContainText('成功');
    await row.click();
    const drawer = admin.getByRole('dialog', { name: '转账详情' });
    await expect(drawer).toContainText('已创建并冻结');
    await expect(drawer).toContainText('确认成功');
    await admin.keyboard.press('Escape');

    // 服务商对账: our books and the provider agree.
    await admin.goto('/backoffice/providers/reconciliation');
    await admin.getByLabel('平台').selectOption('LEG');
    await expect(admin.getByTestId('reconciliation-result')).toHaveText('账目一致');
    await expect(admin.locator('[data-testid="reconciliation-player"]', { hasText: player.username })).toContainText('¥100.00');
  } finally {
    await backoffice.close();
  }
});

import { expect, test, type Page } from '@playwright/test';
import { CSRF, waitForApp } from './support/app.ts';
import { freshPhone, freshUsername, NEW_PASSWORD, outboxCode, registerThroughApi } from './accounts-support.ts';

/** A fresh player (so the demo accounts keep their passwords), logged in, first login done. */
async function freshPlayer(page: Page): Promise<string> {
  const username = freshUsername('c');
  const token = await registerThroughApi(page.request, username);
  const login = await page.request.put('/ajax/login-token', { data: { token }, headers: CSRF });
  expect(login.ok()).toBe(true);
  const done = await page.request.put('/ajax/first-login', { data: {}, headers: CSRF });
  expect(done.ok()).toBe(true);
  return username;
}

test('a player changes alias and avatar (preset and upload)', async ({ page }) => {
  await freshPlayer(page);
  await page.goto('/account/center');
  await waitForApp(page);
  await expect(page.getByTestId('account-center')).toBeVisible();

  const aliasForm = page.getByTestId('profile-form-alias');
  await aliasForm.getByLabel('昵称').fill('');
  await aliasForm.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('昵称由 1~36 个字元组成').first()).toBeVisible();
  await aliasForm.getByLabel('昵称').fill('新的昵称');
  await aliasForm.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('account-alias')).toHaveText('新的昵称');
  await expect(page.getByTestId('profile-alias')).toHaveText('新的昵称');

  await page.getByTestId('avatar-preset-7').click();
  await expect(page.getByTestId('avatar-preset-7')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('profile-summary').getByTestId('avatar-preset')).toHaveAttribute('data-index', '7');

  const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 400, height: 300 } });
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('avatar-upload-button').click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByTestId('avatar-cropper')).toBeVisible();
  await page.getByTestId('avatar-crop-confirm').click();
  await expect(page.getByTestId('avatar-cropper')).toBeHidden();
  await expect(page.getByTestId('profile-summary').getByTestId('avatar-upload')).toBeVisible();
  const info = await (await page.request.get('/ajax/customer/info')).json();
  expect(info.avatarImage).toMatch(/^\/ajax\/avatar\/[\w-]+\.png$/);
  // The stored picture is the cropper's 184×184 PNG (IHDR width and height).
  const png = await (await page.request.get(info.avatarImage)).body();
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([184, 184]);
});

test('a player binds a phone with a code, changes the login password and sets a money password', async ({ page }) => {
  await freshPlayer(page);
  await page.goto('/account/center');
  await waitForApp(page);
  await page.getByRole('tab', { name: '安全设置' }).click();

  const bind = page.getByTestId('bind-phone');
  const phone = freshPhone();
  await bind.getByLabel('手机号码', { exact: true }).fill(phone);
  await bind.getByTestId('send-phone-code').click();
  await expect(bind.getByTestId('send-phone-code')).toContainText('秒后重新获取');
  await bind.getByLabel('手机号码验证码').fill(await outboxCode(page.request, phone));
  await bind.getByLabel('登录密码').fill(NEW_PASSWORD);
  await bind.getByRole('button', { name: '绑定手机号码' }).click();
  await expect(bind.getByTestId('current-phone')).toHaveText(`当前手机号码：${phone.slice(0, 3)}****${phone.slice(-4)}`);

  const password = page.getByTestId('password-form');
  const changed = 'qwe13579';
  await password.getByLabel('原密码').fill(NEW_PASSWORD);
  await password.getByLabel('新密码', { exact: true }).fill(changed);
  await password.getByLabel('确认新密码').fill('qwe13570');
  await password.getByRole('button', { name: '修改登录密码' }).click();
  await expect(password.getByText('两次输入的密码不一致')).toBeVisible();
  await password.getByLabel('确认新密码').fill(changed);
  await password.getByRole('button', { name: '修改登录密码' }).click();
  await expect(page.getByText('登录密码已修改，其他设备已退出登录')).toBeVisible();

  const money = page.getByTestId('money-password-form');
  await money.getByLabel('新资金密码').fill('money2468');
  await money.getByLabel('确认资金密码').fill('money2468');
  await money.getByRole('button', { name: '设置资金密码' }).click();
  await expect(page.getByTestId('money-password-form').getByRole('button', { name: '修改资金密码' })).toBeVisible();
  await expect(page.getByTestId('money-password-form').getByLabel('原资金密码')).toBeVisible();
});

test('the VIP overlay and the protection settings open from the centre', async ({ page }) => {
  await freshPlayer(page);
  await page.goto('/account/center');
  await waitForApp(page);
  await page.getByTestId('protection-link').click();
  const limit = page.getByTestId('limit-LOSS-DAILY');
  await limit.getByPlaceholder('输入新限额（元）').fill('100');
  await limit.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('limit-LOSS-DAILY-current')).toContainText('¥100.00');
  await limit.getByPlaceholder('输入新限额（元）').fill('200');
  await limit.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('limit-LOSS-DAILY-pending')).toContainText('¥200.00');

  await page.getByTestId('vip-link').click();
  await expect(page.getByTestId('vip-overlay')).toBeVisible();
  await expect(page.getByTestId('vip-level-NOT_VIP')).toHaveAttribute('data-current', 'true');
});

import { expect, test } from '@playwright/test';
import { CSRF, waitForApp } from './support/app.ts';
import { freshPhone, freshUsername, makeManualFirstLogin, NEW_PASSWORD, outboxCode, registerThroughApi } from './accounts-support.ts';

test('by link: the player verifies a phone with a code from the outbox', async ({ page }) => {
  const username = freshUsername('f');
  const token = await registerThroughApi(page.request, username);
  await page.goto(`/login-token/${token}`);
  await waitForApp(page);
  const modal = page.getByTestId('first-login-link');
  await expect(modal).toBeVisible();

  // The phone is checked before a code is sent (spec §5).
  await modal.getByLabel('手机号码', { exact: true }).fill('12345');
  await modal.getByTestId('send-phone-code').click();
  await expect(page.getByText('手机号码由 11 位数字组成').first()).toBeVisible();

  const phone = freshPhone();
  await modal.getByLabel('手机号码', { exact: true }).fill(phone);
  await modal.getByTestId('send-phone-code').click();
  await expect(modal.getByTestId('send-phone-code')).toContainText('秒后重新获取');
  await expect(modal.getByTestId('send-phone-code')).toBeDisabled();
  await modal.getByLabel('手机号码验证码').fill(await outboxCode(page.request, phone));
  await modal.getByRole('button', { name: '确定' }).click();
  await expect(modal).toBeHidden();

  const info = await (await page.request.get('/ajax/customer/info')).json();
  expect(info.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
});

test('by manual: a new password and the agreement are required, then the player goes on', async ({ page, request }) => {
  const username = freshUsername('h');
  await registerThroughApi(page.request, username);
  await makeManualFirstLogin(username);
  await page.goto('/?auth=login');
  await waitForApp(page);
  await page.getByTestId('login-modal').getByLabel('用户名').fill(username);
  await page.getByTestId('login-modal').getByLabel('密码', { exact: true }).fill(NEW_PASSWORD);
  await page.getByTestId('login-modal').getByRole('button', { name: '登录' }).click();

  const modal = page.getByTestId('first-login-manual');
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('first-login-skip')).toHaveCount(0);
  await modal.getByRole('button', { name: '确定' }).click();
  await expect(modal.getByText('密码不可以为空')).toBeVisible();
  await expect(modal.getByText('请阅读并同意用户协议')).toBeVisible();

  const newPassword = 'xyz98765';
  await modal.getByLabel('新密码', { exact: true }).fill(newPassword);
  await modal.getByLabel('确认新密码').fill(newPassword);
  await modal.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await modal.getByRole('button', { name: '确定' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('account-alias')).toHaveText(username);

  // The password the account was made with no longer logs in; the new one does (from a separate
  // client, so the page's own session is left as it is).
  const old = await request.put('/ajax/login', { data: { username, password: NEW_PASSWORD }, headers: CSRF });
  expect(old.status()).toBe(401);
  expect((await old.json()).message).toBe('账号或密码错误');
  const fresh = await request.put('/ajax/login', { data: { username, password: newPassword }, headers: CSRF });
  expect(fresh.ok()).toBe(true);
  expect((await fresh.json()).name).toBe(username);
});

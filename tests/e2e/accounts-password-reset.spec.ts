// 忘记密码 on a phone: from the login modal, a code to the verified phone, a new password, every old
// session ended, and the new password logs in.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { CSRF, createAccount, logIn, waitForApp } from './support/app.ts';
import { freshPhone, outboxCode } from './accounts-support.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

/** The newest message to the address once it is a password-reset code (it is sent after the answer). */
async function resetCode(request: APIRequestContext, destination: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/ajax/test/outbox/${encodeURIComponent(destination)}`);
      const message = (await response.json()) as { body?: string; code?: string };
      code = message.code ?? '';
      return message.body?.includes('找回登录密码') ?? false;
    })
    .toBe(true);
  return code;
}

test('a player who forgot the password resets it through the verified phone and logs in with the new one', async ({ browser, page }) => {
  // A player with a verified phone, logged in on another device (a context of its own).
  const other = await browser.newContext();
  const account = await createAccount(other.request, 'player');
  await logIn(other, account);
  const phone = freshPhone();
  expect((await other.request.post('/ajax/customer/phone/send', { data: { phone }, headers: CSRF })).ok()).toBe(true);
  const bound = await other.request.put('/ajax/customer/phone', {
    data: { phone, verificationCode: await outboxCode(other.request, phone), password: account.password },
    headers: CSRF,
  });
  expect(bound.ok(), await bound.text()).toBe(true);

  await page.goto('/?auth=login');
  await waitForApp(page);
  const login = page.getByTestId('login-modal');
  await login.getByLabel('用户名').fill(account.username);
  await login.getByTestId('forgot-password').click();

  const reset = page.getByTestId('password-reset-modal');
  await expect(reset).toBeVisible();
  await expect(reset.getByLabel('用户名')).toHaveValue(account.username);
  await reset.getByLabel('手机号码').fill(phone);
  await reset.getByTestId('reset-send-code').click();
  // The same words whether or not the name and phone match (the server tests cover the other cases).
  await expect(page.getByText('若账号与手机号码匹配，验证码已发送').first()).toBeVisible();
  await expect(reset.getByTestId('reset-send-code')).toHaveText(/秒后重新获取/);
  await reset.getByLabel('验证码').fill(await resetCode(page.request, phone));
  const newPassword = 'fresh2026x';
  await reset.getByLabel('新密码').fill(newPassword);
  await reset.getByLabel('确认密码').fill(newPassword);
  await reset.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('密码已重置，请使用新密码登录').first()).toBeVisible();

  // Back on the login form with the name; the old session elsewhere has ended; the new password works.
  await expect(reset).toBeHidden();
  await expect(login.getByLabel('用户名')).toHaveValue(account.username);
  expect(await (await other.request.get('/ajax/current-customer')).json()).toBeNull();
  await login.getByLabel('密码', { exact: true }).fill(account.password);
  await login.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('账号或密码错误').first()).toBeVisible();
  await login.getByLabel('密码', { exact: true }).fill(newPassword);
  await login.getByRole('button', { name: '登录' }).click();
  await expect(login).toBeHidden();
  await expect(page.getByTestId('account-area')).toHaveAttribute('data-visitor', 'player');
  await other.close();
});

test('the reset form fits a phone: no sideways scroll, tap-sized controls, no English', async ({ page }) => {
  await page.goto('/?auth=login');
  await waitForApp(page);
  await page.getByTestId('forgot-password').click();
  const reset = page.getByTestId('password-reset-modal');
  await expect(reset).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  for (const control of [reset.getByTestId('reset-send-code'), reset.getByRole('button', { name: '重置密码' }), reset.getByTestId('reset-back-to-login')]) {
    const box = await control.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
  }
  expect(await reset.innerText()).not.toMatch(/[A-Za-z]{3,}/);
  await reset.getByTestId('reset-back-to-login').click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
});

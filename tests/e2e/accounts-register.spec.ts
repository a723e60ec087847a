import { expect, test, type Page } from '@playwright/test';
import { waitForApp } from './support/app.ts';
import { freshUsername, NEW_PASSWORD, registerThroughApi, solveCaptcha } from './accounts-support.ts';

async function fillRegisterForm(page: Page, username: string) {
  const form = page.getByTestId('register-form');
  await form.getByLabel('用户名').fill(username);
  await form.getByLabel('密码', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('确认密码').fill(NEW_PASSWORD);
  await form.getByPlaceholder('QQ号码').fill('123456789');
  await solveCaptcha(page);
  await form.getByLabel('我已年满 18 周岁').check();
  await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await form.getByRole('button', { name: '注册' }).click();
}

async function enterGameAndSkipFirstLogin(page: Page, username: string) {
  const success = page.getByTestId('register-success-modal');
  await expect(success.getByText('恭喜注册成功')).toBeVisible();
  await expect(success.getByTestId('registered-username')).toHaveText(username);
  await expect(success.getByTestId('registered-password')).toHaveText(NEW_PASSWORD);
  await expect(success.getByTestId('registered-alias')).toHaveText(username);
  await success.getByRole('button', { name: '进入游戏' }).click();
  // Registration through a link leaves the by-link first-login step, skippable here.
  const firstLogin = page.getByTestId('first-login-link');
  await expect(firstLogin).toBeVisible();
  await firstLogin.getByTestId('first-login-skip').click();
  await expect(firstLogin).toBeHidden();
  await expect(page.getByTestId('account-alias')).toHaveText(username);
}

test('a visitor from the main site with ?registerId registers and enters the game', async ({ page }) => {
  await page.goto('/?registerId=demo-reg');
  await waitForApp(page);
  await page.getByTestId('login-button').click();
  await expect(page.getByTestId('register-modal')).toBeVisible();
  const username = freshUsername('m');
  await fillRegisterForm(page, username);
  await enterGameAndSkipFirstLogin(page, username);
});

test('a wrong captcha is refused and a new picture is drawn', async ({ page }) => {
  await page.goto('/?registerId=demo-reg&auth=register');
  await waitForApp(page);
  const form = page.getByTestId('register-form');
  const firstId = await page.getByTestId('captcha-image').getAttribute('data-captcha-id');
  await form.getByLabel('用户名').fill(freshUsername('w'));
  await form.getByLabel('密码', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('确认密码').fill(NEW_PASSWORD);
  await page.getByLabel('验证码', { exact: true }).fill('2222');
  await form.getByLabel('我已年满 18 周岁').check();
  await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await form.getByRole('button', { name: '注册' }).click();
  await expect(page.getByText('验证码错误，请重新输入').first()).toBeVisible();
  await expect(page.getByTestId('captcha-image')).not.toHaveAttribute('data-captcha-id', firstId ?? '');
});

test('a trial visitor plays in the lobby, meets the trial modal and registers through the link', async ({ page }) => {
  await page.goto('/trial/demo-reg?referral=e2e');
  await waitForApp(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('account-area')).toHaveAttribute('data-visitor', 'trial');
  await expect(page.getByTestId('lobby')).toBeVisible();

  // A forbidden action: the server refuses it with TRIAL_FORBIDDEN and the trial modal names it.
  await page.goto('/account/center');
  await waitForApp(page);
  await page.getByTestId('profile-form-birthday').getByLabel('生日').fill('1990-01-01');
  await page.getByTestId('profile-form-birthday').getByRole('button', { name: '保存' }).click();
  const modal = page.getByTestId('trial-restriction');
  await expect(modal).toContainText('试玩账号无法设置生日');
  await modal.getByRole('button', { name: '立即注册' }).click();

  await expect(page.getByTestId('register-modal')).toBeVisible();
  const username = freshUsername('t');
  await fillRegisterForm(page, username);
  await enterGameAndSkipFirstLogin(page, username);
  await expect(page.getByTestId('account-area')).toHaveAttribute('data-visitor', 'player');
});

test('/login-token/{token} logs in and lands in the lobby; a used token says so', async ({ page }) => {
  const username = freshUsername('l');
  const token = await registerThroughApi(page.request, username);
  await page.goto(`/login-token/${token}`);
  await waitForApp(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('first-login-link')).toBeVisible();
  await page.getByTestId('first-login-skip').click();
  await expect(page.getByTestId('account-alias')).toHaveText(username);

  await page.goto(`/login-token/${token}`);
  await waitForApp(page);
  await expect(page.getByTestId('entry-failure')).toHaveText('登录凭证无效或已过期，请重新登录');
});

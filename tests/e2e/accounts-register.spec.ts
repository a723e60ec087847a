import { expect, test, type Page } from '@playwright/test';
import { builtRoutes } from './support/built-routes.ts';
import { CSRF, PHONE, waitForApp } from './support/app.ts';
import { freshUsername, NEW_PASSWORD, registerThroughApi, solveCaptcha } from './accounts-support.ts';
import { apiBalance, confirmOrder, waitForOpenSales } from './games-support.ts';

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

async function startTrial(page: Page) {
  await page.goto('/trial/demo-reg?referral=e2e');
  await waitForApp(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('account-area')).toHaveAttribute('data-visitor', 'trial');
}

/** The trial modal names the operation; it is the only one open; 随便看看 closes it. */
async function expectTrialModal(page: Page, operation: string) {
  const modal = page.getByTestId('trial-restriction');
  await expect(modal).toContainText(`试玩账号无法${operation}`);
  await expect(modal).toHaveCount(1);
  await modal.getByRole('button', { name: '随便看看' }).click();
  await expect(modal).toHaveCount(0);
}

test('a trial visitor opens a game and bets with the demo funds; 追号 is neither offered nor allowed', async ({ page }) => {
  test.setTimeout(180_000);
  await startTrial(page);
  await page.goto('/game/regular/UUFFC');
  await waitForApp(page);
  await expect(page.getByTestId('game-page')).toBeVisible();
  await expect(page.getByTestId('issue-bar')).toBeVisible();

  // 五星直选复式, one number per position: 1 注, ¥2.00.
  for (const [label, value] of [['万位', '1'], ['千位', '3'], ['百位', '4'], ['十位', '5'], ['个位', '6']] as const) {
    await page.locator(`[data-row="${label}"]`).getByRole('button', { name: value, exact: true }).click();
  }
  await page.getByTestId('add-to-slip').click();
  await expect(page.getByTestId('slip-line')).toHaveCount(1);

  // Spec §6 reduced UI: no 追号 for a trial; and the server refuses it whatever the client sends.
  await expect(page.getByTestId('slip-autobet')).toHaveCount(0);
  const chase = await page.request.post('/ajax/autobet', { data: {}, headers: CSRF });
  expect(chase.status()).toBe(403);
  expect(await chase.json()).toEqual({ code: 'TRIAL_FORBIDDEN', message: '试玩账号不能追号' });

  // Betting is allowed: the order goes through and the demo funds pay for it.
  await waitForOpenSales(page, 12);
  const before = await apiBalance(page);
  await page.getByTestId('slip-bet').click();
  const placed = await confirmOrder(page);
  expect(placed.order.totalStake).toBe(20_000);
  expect(placed.balance).toBe(before - 20_000);
  expect(await apiBalance(page)).toBe(before - 20_000);
});

test('the trial modal shows one refusal at a time', async ({ page }) => {
  await startTrial(page);
  await page.goto('/account/center');
  await waitForApp(page);
  await page.getByTestId('profile-form-birthday').getByLabel('生日').fill('1990-01-01');
  await page.getByTestId('profile-form-qq').getByLabel('QQ号码').fill('123456789');
  await page.getByTestId('profile-form-birthday').getByRole('button', { name: '保存' }).click();
  const modal = page.getByTestId('trial-restriction');
  await expect(modal).toContainText('试玩账号无法设置生日');

  // A second refusal while the first is open (the form is behind the modal, so it is submitted
  // directly): the server refuses it too, and the open modal stays the only one, unchanged.
  const qqRefused = page.waitForResponse((r) => r.url().endsWith('/ajax/customer/qq') && r.request().method() === 'PUT');
  await page.getByTestId('profile-form-qq').evaluate((form) => (form as HTMLFormElement).requestSubmit());
  expect((await qqRefused).status()).toBe(403);
  await expect(modal).toHaveCount(1);
  await expect(modal).toContainText('试玩账号无法设置生日');
  await modal.getByRole('button', { name: '随便看看' }).click();
  await expect(modal).toHaveCount(0);
});

test.describe('a trial visitor on a phone', () => {
  test.use(PHONE);

  test('the bottom navigation: money entries open the trial modal, no VIP or mail', async ({ page }) => {
    await startTrial(page);
    const bottom = page.getByRole('navigation', { name: '底部导航' });
    await expect(bottom.getByRole('link', { name: '大厅' })).toBeVisible();
    const built = builtRoutes();
    const moneyEntries = [
      ['充值', '/wallet/deposit'],
      ['转账', '/wallet/third-party/{-$tab}'],
      ['提现', '/wallet/withdrawal/{-$tab}'],
    ] as const;
    for (const [label, route] of moneyEntries) {
      const entry = bottom.getByRole('button', { name: label });
      if (!built.has(route)) {
        // The page does not exist yet, so the entry is not shown to anyone (docs/pwa.md).
        await expect(entry).toHaveCount(0);
        continue;
      }
      await entry.click();
      await expectTrialModal(page, label);
      await expect(page).toHaveURL(/\/$/);
    }
    // Spec §6 reduced UI: no VIP and no mail entry, and the VIP page is not there for a trial.
    await expect(bottom.getByRole('link', { name: 'VIP' })).toHaveCount(0);
    await expect(bottom.getByRole('link', { name: '站内信' })).toHaveCount(0);
    await page.goto('/account/vip');
    await waitForApp(page);
    await expect(page.getByTestId('not-found')).toBeVisible();
  });
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

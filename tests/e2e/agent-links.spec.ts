// 链接开户, 链接管理 and 手动开户 as an agent would use them (issue 19 items 2 and 3): a link with its QR
// code and copy button, a new visitor registering through it, the count in the list; an account made
// by hand whose first login is the by-manual step.
import { expect, test, type Browser } from '@playwright/test';
import { loginAs, waitForApp } from './support/app.ts';
import { freshUsername, NEW_PASSWORD, solveCaptcha } from './accounts-support.ts';

async function visitorPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('an agent makes a link, copies it, a visitor registers through it and the count shows', async ({ page, context, browser }) => {
  // What the copy button hands the clipboard (the site's Permissions-Policy keeps clipboard reads off).
  await page.addInitScript(() => {
    const copied: string[] = [];
    (window as unknown as { copied: string[] }).copied = copied;
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (text: string) => void copied.push(text) }, configurable: true });
  });
  await loginAs(context, 'agent');
  await page.goto('/agent/link-creation');
  await waitForApp(page);
  const creation = page.getByTestId('agent-link-creation');
  await expect(creation).toBeVisible();
  await creation.getByLabel('备注').fill('一二三四五六七八九');
  await creation.getByTestId('create-link').click();
  await expect(page.getByText('备注最多 8 个字').first()).toBeVisible();
  await creation.getByLabel('备注').fill('浏览器测试');
  await creation.getByLabel('链接有效期').selectOption('SEVEN_DAY');
  await creation.getByTestId('create-link').click();

  const share = page.getByTestId('link-share');
  await expect(share.getByTestId('link-qr').getByRole('img')).toBeVisible();
  const url = (await share.getByTestId('link-url').textContent()) ?? '';
  expect(url).toMatch(/\/\?registerId=[A-Za-z0-9_-]{12}$/);
  expect(new URL(url).origin).toBe(new URL(page.url()).origin);
  await expect(share.getByTestId('link-qr')).toHaveAttribute('data-qr-text', url);
  await share.getByTestId('copy-link').click();
  await expect(page.getByText('链接复制成功')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([url]);

  // A new visitor opens the link and registers.
  const visitor = await visitorPage(browser);
  await visitor.page.goto(url);
  await waitForApp(visitor.page);
  await visitor.page.getByTestId('login-button').click();
  const form = visitor.page.getByTestId('register-form');
  const username = freshUsername('l');
  await form.getByLabel('用户名').fill(username);
  await form.getByLabel('密码', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('确认密码').fill(NEW_PASSWORD);
  await solveCaptcha(visitor.page);
  await form.getByLabel('我已年满 18 周岁').check();
  await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await form.getByRole('button', { name: '注册' }).click();
  await expect(visitor.page.getByTestId('register-success-modal').getByTestId('registered-username')).toHaveText(username);
  await visitor.context.close();

  // The list shows the link with its one registration; the QR and copy are there per link too.
  await page.goto('/agent/link-management');
  await waitForApp(page);
  const row = page.getByTestId('link-row').filter({ hasText: '浏览器测试' });
  await expect(row.getByTestId('link-count')).toHaveText('1');
  await expect(row.getByTestId('link-state')).toHaveText('有效');
  await row.getByTestId('share-link').click();
  await expect(page.getByTestId('share-dialog').getByTestId('link-url')).toHaveText(url);
  await page.getByTestId('share-dialog').getByRole('button', { name: '关闭' }).click();

  await row.getByTestId('edit-remark').click();
  await row.getByTestId('remark-input').fill('已改备注');
  await row.getByTestId('save-remark').click();
  const renamed = page.getByTestId('link-row').filter({ hasText: '已改备注' });
  await expect(renamed).toBeVisible();
  await renamed.getByTestId('delete-link').click();
  await renamed.getByTestId('confirm-delete-link').click();
  await expect(renamed.getByTestId('link-state')).toHaveText('已删除');
});

test('an agent opens an account by hand; its first login asks for a new password', async ({ page, context, browser }) => {
  await loginAs(context, 'agent');
  await page.goto('/agent/manual-creation');
  await waitForApp(page);
  const creation = page.getByTestId('agent-manual-creation');
  const username = freshUsername('m');
  await creation.getByLabel('用户名').fill(username);
  await creation.getByLabel('初始密码').fill('12345678');
  await creation.getByTestId('create-account').click();
  await expect(page.getByText('密码由 8~16 位数字字母组成，并同时含数字和字母').first()).toBeVisible();
  await creation.getByLabel('初始密码').fill(NEW_PASSWORD);
  await creation.getByLabel('奖金组').selectOption('1940');
  await creation.getByTestId('create-account').click();
  await expect(page.getByTestId('created-account')).toContainText(username);
  await expect(page.getByTestId('created-account')).toContainText('1940');

  const member = await visitorPage(browser);
  await member.page.goto('/?auth=login');
  await waitForApp(member.page);
  const login = member.page.getByTestId('login-modal');
  await login.getByLabel('用户名').fill(username);
  await login.getByLabel('密码', { exact: true }).fill(NEW_PASSWORD);
  await login.getByRole('button', { name: '登录' }).click();
  const modal = member.page.getByTestId('first-login-manual');
  await expect(modal).toBeVisible();
  await modal.getByLabel('新密码', { exact: true }).fill('fresh9876');
  await modal.getByLabel('确认新密码').fill('fresh9876');
  await modal.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await modal.getByRole('button', { name: '确定' }).click();
  await expect(modal).toBeHidden();
  await expect(member.page.getByTestId('account-alias')).toHaveText(username);
  await member.context.close();
});

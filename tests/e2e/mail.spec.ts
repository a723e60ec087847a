// 站内信 in the browser (issue 21 item 1): an agent of the test's own mails all its direct members from
// the PWA and a member's app, open all along, shows the unread badge rise live (the unreadMailCount
// event); the member reads the mail (the badge falls), deletes it; offline, the list stays readable as
// last known and sending says it needs a connection.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOperator, signInThroughApi } from './backoffice-support.ts';
import { CSRF, logIn, waitForApp } from './support/app.ts';

const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  serviceWorkers: 'block' as const,
};
test.use(PHONE);

async function account(request: APIRequestContext, data: Record<string, unknown>): Promise<{ username: string; password: string }> {
  const response = await request.post('/ajax/test/accounts', {
    data: { alias: '站内信测试', ...data },
    headers: CSRF,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { username: string; password: string };
}

/** The count on the bottom navigation's 站内信 entry (absent at 0). */
const mailBadge = (page: Page) => page.getByTestId('bottom-nav').getByTestId('badge-mail').locator('.mantine-Indicator-indicator');

test('an agent mails all direct members and the member sees the unread badge rise live, reads and deletes it', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  const agent = await account(context.request, { kind: 'AGENT' });
  const member = await account(context.request, {
    kind: 'PLAYER',
    parentUsername: agent.username,
  });
  await account(context.request, {
    kind: 'PLAYER',
    parentUsername: agent.username,
  });
  await logIn(context, member);
  await page.goto('/');
  await waitForApp(page);
  // The initial count comes from the server: nothing yet.
  await expect(page.getByTestId('bottom-nav').locator('[data-nav="mail"]')).toBeVisible();
  await expect(mailBadge(page)).toHaveCount(0);

  const agentContext = await browser.newContext(PHONE);
  try {
    await logIn(agentContext, agent);
    const agentPage = await agentContext.newPage();
    await agentPage.goto('/mail');
    await waitForApp(agentPage);
    await agentPage.getByTestId('mail-compose-open').click();
    const form = agentPage.getByTestId('mail-compose');
    await expect(form.getByTestId('mail-recipient-group')).toHaveValue('ALL_DIRECT_MEMBER');
    await form.getByTestId('mail-subject').fill('本周团队活动');
    await form.getByTestId('mail-body').fill('周三晚上加赠 <活动>\n请准时参加');
    const sent = agentPage.waitForResponse((r) => r.url().endsWith('/ajax/mail') && r.request().method() === 'POST');
    await form.getByTestId('mail-send').click();
    const response = await sent;
    expect(response.status()).toBe(200);
    expect(((await response.json()) as { recipientCount: number }).recipientCount).toBe(2);
    // The sender lands on its sent box.
    await expect(agentPage.getByTestId('mail-list-sent').getByTestId('mail-row').first()).toContainText('本周团队活动');
    await expect(agentPage.getByTestId('mail-list-sent').getByTestId('mail-row').first()).toContainText('全部直属下级（2人）');
  } finally {
    await agentContext.close();
  }

  // The member's app, open all along: the badge rises without a reload.
  await expect(mailBadge(page)).toHaveText('1');

  await page.getByTestId('bottom-nav').locator('[data-nav="mail"]').click();
  const list = page.getByTestId('mail-list-received');
  const row = list.getByTestId('mail-row').filter({ hasText: '本周团队活动' });
  await expect(row).toHaveAttribute('data-unread', 'true');
  await expect(row).toContainText(agent.username);
  await row.click();
  const detail = page.getByTestId('mail-detail');
  await expect(detail.getByTestId('mail-detail-subject')).toHaveText('本周团队活动');
  // What the agent typed is text: the angle brackets show, nothing became markup.
  await expect(detail.getByTestId('content-html')).toContainText('周三晚上加赠 <活动>');
  await expect(detail.getByTestId('content-html').locator('p')).toHaveCount(2);
  await expect(mailBadge(page)).toHaveCount(0);

  await page.getByTestId('mail-back').click();
  await expect(row).toHaveAttribute('data-unread', 'false');
  await row.click();
  await page.getByTestId('mail-delete').click();
  await expect(list.getByTestId('mail-row')).toHaveCount(0);
  await expect(list).toContainText('收件箱里还没有站内信');
});

test.describe('offline', () => {
  // What the page loads once offline (a toast, the compose form's parts) comes from the precache.
  test.use({ serviceWorkers: 'allow' });

  test('offline, the list stays readable as last known and sending says it needs a connection', async ({ page, context, browser }) => {
    const agent = await account(context.request, { kind: 'AGENT' });
    const member = await account(context.request, {
      kind: 'PLAYER',
      parentUsername: agent.username,
    });
    // The agent sends through the API in a context of its own; the member reads in the page.
    const agentContext = await browser.newContext();
    try {
      await logIn(agentContext, agent);
      const sent = await agentContext.request.post('/ajax/mail', {
        data: {
          recipientGroup: 'ALL_DIRECT_MEMBER',
          subject: '离线可读的信',
          htmlContent: '<p>内容</p>',
        },
        headers: CSRF,
      });
      expect(sent.ok(), await sent.text()).toBe(true);
    } finally {
      await agentContext.close();
    }

    await logIn(context, member);
    await page.goto('/mail');
    await waitForApp(page);
    const list = page.getByTestId('mail-list-received');
    await expect(list.getByTestId('mail-row')).toHaveCount(1);
    // Offline, what the page loads later (the compose form's parts, a toast) comes from the service
    // worker's precache: wait until it controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
    });

    await context.setOffline(true);
    await expect(list.getByTestId('mail-row')).toContainText('离线可读的信');
    await expect(page.getByTestId('mail-last-known')).toContainText('最后已知');
    await page.getByTestId('mail-compose-open').click();
    await expect(page.getByText('当前网络已断开，发送站内信需要联网')).toBeVisible();
    await context.setOffline(false);
  });
});

test('/mail/anything-else is not found', async ({ page, context }) => {
  await logIn(context, await account(context.request, { kind: 'PLAYER' }));
  await page.goto('/mail/trash');
  await waitForApp(page);
  await expect(page.getByTestId('mail-overlay')).toHaveCount(0);
  await expect(page.getByText(/不存在|找不到|404/).first()).toBeVisible();
});

test.describe('the back office', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

  test('a 客服 operator mails one member; the member reads it sanitised and the operator sees it read', async ({ page, context, browser }) => {
    test.setTimeout(120_000);
    const member = await account(context.request, { kind: 'PLAYER' });
    // Its own subject: other runs' platform mails are listed in the same back office.
    const subject = `账户安全提醒${member.username.slice(-6)}`;
    const operatorContext = await browser.newContext();
    try {
      await signInThroughApi(operatorContext.request, await createOperator(operatorContext.request, 'SUPPORT'));
      const admin = await operatorContext.newPage();
      await admin.goto('/backoffice/mail');
      await admin.getByTestId('bo-mail-compose-tab').click();
      const form = admin.getByTestId('bo-mail-compose');
      await form.getByRole('combobox', { name: '发送对象' }).click();
      await admin.getByRole('option', { name: '指定会员' }).click();
      await form.getByLabel('会员用户名').fill(member.username);
      await form.getByLabel('标题').fill(subject);
      await form.getByLabel('正文（HTML）').fill('<p>请勿向他人透露<strong>密码</strong>。</p><script>window.__pwned=1</script>');
      await expect(admin.getByTestId('bo-mail-preview').locator('strong')).toHaveText('密码');
      const sent = admin.waitForResponse((r) => r.url().endsWith('/ajax/backoffice/mail') && r.request().method() === 'POST');
      await form.getByRole('button', { name: '发送' }).click();
      expect((await sent).status()).toBe(200);
      const row = admin.getByTestId('bo-mail-row').filter({ hasText: subject });
      await expect(row).toContainText('0 / 1');

      await logIn(context, member);
      await page.goto('/mail');
      await waitForApp(page);
      await page.getByTestId('mail-row').filter({ hasText: subject }).click();
      const body = page.getByTestId('mail-detail').getByTestId('content-html');
      await expect(body.locator('strong')).toHaveText('密码');
      await expect(body.locator('script')).toHaveCount(0);
      await expect(page.getByTestId('mail-detail')).toContainText('平台');

      await admin.reload();
      await expect(admin.getByTestId('bo-mail-row').filter({ hasText: subject })).toContainText('1 / 1');
    } finally {
      await operatorContext.close();
    }
  });
});

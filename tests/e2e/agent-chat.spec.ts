// Issue 21 item 3 in two browsers: a fresh agent (desktop) and the member it opens by hand (phone) chat
// live. The new member appears in the agent's contacts and its online dot lights up when it logs in;
// a script-like message shows as text on both sides; the agent keeps a remark and status; a bulk send
// reaches the member; offline, the member still reads the conversation and sending says why not.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { freshUsername } from './accounts-support.ts';
import { CSRF, DESKTOP, logIn, waitForApp } from './support/app.ts';

const INITIAL_PASSWORD = 'init1234a';
const MEMBER_PASSWORD = 'chat5678b';
const XSS = '<img src=x onerror="window.__xss=1">注意<script>window.__xss=2</script>';

test.use({ ...DESKTOP, serviceWorkers: 'block' });

const xssFired = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null);

test('an agent and its member chat live, as text, with remark, bulk send and offline reading', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  const created = await context.request.post('/ajax/test/accounts', { data: { kind: 'AGENT', alias: '聊天代理', funds: 0 }, headers: CSRF });
  expect(created.ok(), await created.text()).toBe(true);
  const agent = (await created.json()) as { username: string; password: string };
  await logIn(context, agent);

  await page.goto('/agent/chat');
  await waitForApp(page);
  const overlay = page.getByTestId('agent-chat-overlay');
  // Only the agent's own upline is there yet.
  await expect(overlay.getByTestId('chat-contacts')).toContainText('上级');

  // 手动开户 through the agent centre's API: the new member appears in the open contact list by itself.
  const username = freshUsername('ch');
  const manual = await context.request.post('/ajax/agent/accounts', {
    data: { accountType: 'PLAYER', username, password: INITIAL_PASSWORD, prizeGroup: 1900 },
    headers: CSRF,
  });
  expect(manual.ok(), await manual.text()).toBe(true);
  const memberId = ((await manual.json()) as { id: number }).id;
  const row = overlay.getByTestId(`chat-contact-${memberId}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('chat-online-dot')).toHaveAttribute('data-online', 'false');
  const axe = await new AxeBuilder({ page }).include('[data-testid="agent-chat-overlay"]').analyze();
  expect(axe.violations.filter((violation) => violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);

  // The member logs in on a phone and finishes its first login: the agent sees it come online.
  const memberContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  await logIn(memberContext, { username, password: INITIAL_PASSWORD });
  const firstLogin = await memberContext.request.put('/ajax/first-login', { data: { newPassword: MEMBER_PASSWORD, agreementAccepted: true }, headers: CSRF });
  expect(firstLogin.ok(), await firstLogin.text()).toBe(true);
  await expect(row.getByTestId('chat-online-dot')).toHaveAttribute('data-online', 'true');

  const member = await memberContext.newPage();
  await member.goto('/account/chat');
  await waitForApp(member);
  const memberChat = member.getByTestId('member-chat-overlay');
  await expect(memberChat.getByTestId('chat-empty')).toBeVisible();

  // The agent writes a script-like message: both sides show it as text, nothing runs.
  await row.click();
  const agentPane = overlay.getByTestId('chat-conversation');
  await agentPane.getByTestId('chat-input').fill(XSS);
  await agentPane.getByTestId('chat-send').click();
  await expect(agentPane.getByTestId('chat-message-text').last()).toHaveText(XSS);
  await expect(memberChat.getByTestId('chat-message-text').last()).toHaveText(XSS);
  await expect(memberChat.locator('img[src="x"]')).toHaveCount(0);
  await expect(agentPane.locator('img[src="x"]')).toHaveCount(0);
  expect(await xssFired(member)).toBeNull();
  expect(await xssFired(page)).toBeNull();

  // The member answers; the agent's open conversation shows it.
  await memberChat.getByTestId('chat-input').fill('收到，谢谢');
  await memberChat.getByTestId('chat-send').click();
  await expect(agentPane.getByTestId('chat-message').filter({ hasText: '收到，谢谢' })).toHaveAttribute('data-mine', 'false');

  // Remark and status: refused when the rule says so, then saved and shown in the list.
  await overlay.getByTestId('chat-remark-input').fill('<b>VIP</b>');
  await overlay.getByTestId('chat-remark-save').click();
  await expect(overlay.getByText('最多 16 个字，仅支持中英文、数字和空格').first()).toBeVisible();
  await overlay.getByTestId('chat-remark-input').fill('重要客户');
  await overlay.getByTestId('chat-status-input').fill('跟进中');
  await overlay.getByTestId('chat-remark-save').click();
  await expect(row.getByTestId('chat-contact-note')).toHaveText('重要客户 · 跟进中');

  // 群发 to the direct members reaches the member's conversation.
  await overlay.getByTestId('chat-tab-bulk').click();
  await overlay.getByTestId('chat-bulk-ALL_DIRECT_MEMBER').check();
  await overlay.getByTestId('chat-bulk-input').fill('本周活动开始了');
  await overlay.getByTestId('chat-bulk-send').click();
  await expect(page.getByText('已发送给 1 位会员')).toBeVisible();
  await expect(memberChat.getByTestId('chat-message').last()).toContainText('本周活动开始了');
  await expect(memberChat.getByTestId('chat-message').last()).toContainText('群发');

  // Offline, the member still reads the last known messages; sending says it needs a connection.
  await memberContext.setOffline(true);
  await expect(memberChat.getByTestId('chat-offline-reason')).toHaveText('当前网络已断开，发送消息需要联网');
  await expect(memberChat.getByTestId('chat-send')).toBeDisabled();
  await expect(memberChat.getByTestId('chat-last-known')).toBeVisible();
  await expect(memberChat.getByTestId('chat-message-text').first()).toHaveText(XSS);
  await memberContext.setOffline(false);
  await expect(memberChat.getByTestId('chat-send')).toBeEnabled();
  await memberContext.close();
});

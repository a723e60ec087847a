// Customer-service chat in the browser: a player opens the window and writes (a stored-XSS payload
// shows as text and runs nowhere), a 客服 operator answers from the back office, the player sees it
// live; offline the window keeps the messages and disables sending with the reason, and after the
// reconnect the answer written meanwhile arrives. On the main page the floating button's badge rises
// while the window is closed, and on a phone it opens the window in the same tab, full screen.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { CSRF, DESKTOP, loginAs, PHONE, publishEvent, waitForApp } from './support/app.ts';
import { createOperator, signInThroughApi } from './backoffice-support.ts';

test.use({ serviceWorkers: 'block' });

const XSS = '<img src=x onerror=window.__xss=1>救命';

async function operatorContext(context: BrowserContext): Promise<void> {
  await signInThroughApi(context.request, await createOperator(context.request, 'SUPPORT'));
}

async function conversationIdOf(page: Page): Promise<number> {
  const response = await page.request.get('/ajax/customer-service/conversation');
  return ((await response.json()) as { conversation: { id: number } }).conversation.id;
}

async function answerThroughApi(context: BrowserContext, id: number, text: string): Promise<void> {
  const response = await context.request.post(`/ajax/backoffice/support/conversations/${id}/messages`, { data: { text }, headers: CSRF });
  expect(response.ok(), await response.text()).toBe(true);
}

test('a player asks, a 客服 operator answers from the back office, the player sees it live and after a reconnect', async ({ browser }) => {
  const playerContext = await browser.newContext(DESKTOP);
  const deskContext = await browser.newContext(DESKTOP);
  try {
    const player = await loginAs(playerContext, 'player');
    await operatorContext(deskContext);
    const page = await playerContext.newPage();
    await page.goto(`/customer-service?token=${player.username}&source=2&route=%2Flottery`);
    const window = page.getByTestId('customer-service-window');
    await expect(window.getByRole('heading', { name: '在线客服2' })).toBeVisible();
    await window.getByTestId('chat-input').fill(XSS);
    await window.getByTestId('chat-send').click();
    await expect(window.getByTestId('chat-text').filter({ hasText: XSS })).toBeVisible();
    await expect(window.getByTestId('chat-status')).toHaveText('等待接入');

    const desk = await deskContext.newPage();
    await desk.goto('/backoffice/support');
    await desk.locator(`[data-testid="support-conversation-item"][data-customer="${player.username}"]`).click();
    const pane = desk.getByTestId('support-conversation');
    await expect(pane.getByTestId('chat-text').filter({ hasText: XSS })).toBeVisible();
    await expect(desk.getByTestId('support-customer-profile')).toContainText(player.username);
    await pane.getByTestId('support-claim').click();
    await expect(pane.getByTestId('support-conversation-status')).toHaveText('服务中');
    await pane.getByTestId('chat-input').fill('您好，请问有什么可以帮您？');
    await pane.getByTestId('chat-send').click();

    // Live: the answer and the claim arrive over /sse/im; the operator has read the question.
    await expect(window.locator('[data-sender="OPERATOR"]').getByTestId('chat-text')).toHaveText('您好，请问有什么可以帮您？');
    await expect(window.getByTestId('chat-status')).toHaveText('服务中');
    await expect(window.getByTestId('chat-read')).toBeVisible();
    // The player's read receipt reaches the desk.
    await expect(pane.locator('[data-sender="OPERATOR"]').getByTestId('chat-read')).toBeVisible();

    // Offline: messages stay readable, sending is disabled with the reason.
    await playerContext.setOffline(true);
    await expect(window.getByTestId('chat-offline-reason')).toHaveText('当前网络已断开，发送消息需要联网');
    await expect(window.getByTestId('chat-send')).toBeDisabled();
    await expect(window.getByTestId('chat-text').filter({ hasText: XSS })).toBeVisible();
    await pane.getByTestId('chat-input').fill('断线期间的回复');
    await pane.getByTestId('chat-send').click();
    await expect(pane.getByTestId('chat-text').filter({ hasText: '断线期间的回复' })).toBeVisible();
    await playerContext.setOffline(false);
    await expect(window.getByTestId('chat-text').filter({ hasText: '断线期间的回复' })).toBeVisible();
    await expect(window.getByTestId('chat-send')).toBeEnabled();

    // No script ran on either side.
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await desk.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  } finally {
    await playerContext.close();
    await deskContext.close();
  }
});

test("the floating button's badge counts answers while the window is closed", async ({ browser }) => {
  const playerContext = await browser.newContext(DESKTOP);
  const deskContext = await browser.newContext(DESKTOP);
  try {
    const player = await loginAs(playerContext, 'player');
    await operatorContext(deskContext);
    const page = await playerContext.newPage();
    const sent = await page.request.post('/ajax/customer-service/messages', { data: { text: '提现多久到账？' }, headers: CSRF });
    expect(sent.ok()).toBe(true);
    const id = await conversationIdOf(page);
    expect((await deskContext.request.post(`/ajax/backoffice/support/conversations/${id}/claim`, { headers: CSRF })).ok()).toBe(true);
    await page.goto('/');
    await waitForApp(page);
    const float = page.getByTestId('customer-chat-float');
    await expect(float).toBeVisible();
    const badge = page.getByTestId('customer-chat-badge').locator('.mantine-Indicator-indicator');
    // The main stream opens after startup: publish until it delivers, so the answer below is not
    // written before the stream starts (a fresh stream does not replay).
    await expect(async () => {
      await publishEvent(page.request, player.username, 'unreadMessageCount', { count: 7, channel: 'SUPPORT' });
      await expect(badge).toHaveText('7', { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await answerThroughApi(deskContext, id, '一般五分钟内到账');
    await expect(badge).toHaveText('1');
    await expect(page.getByText(/一般五分钟内到账/)).toBeVisible();
  } finally {
    await playerContext.close();
    await deskContext.close();
  }
});

test('on a phone the floating button opens the window full screen in the same tab; a visitor is asked to log in', async ({ browser }) => {
  const playerContext = await browser.newContext(PHONE);
  try {
    const visitor = await playerContext.newPage();
    await visitor.goto('/customer-service?token=&source=1&route=%2F');
    await expect(visitor.getByTestId('customer-service-login')).toContainText('请先登录');
    await visitor.close();

    await loginAs(playerContext, 'player');
    const page = await playerContext.newPage();
    await page.goto('/');
    await waitForApp(page);
    await page.getByTestId('customer-chat-float').click();
    await expect(page).toHaveURL(/\/customer-service\?/);
    const window = page.getByTestId('customer-service-window');
    const box = await window.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: PHONE.viewport.width, height: PHONE.viewport.height });
    const send = window.getByTestId('chat-send');
    expect((await send.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  } finally {
    await playerContext.close();
  }
});

// The back office's 客服工作台: a waiting conversation is claimed, answered with the customer's
// profile beside it, transferred to a second 客服 who closes it — the player's window follows each
// step live. A RISK operator sees the desk but is offered no action.
import { expect, test } from '@playwright/test';
import { CSRF, DESKTOP, loginAs } from './support/app.ts';
import { createOperator, signInThroughApi } from './backoffice-support.ts';

test.use({ serviceWorkers: 'block' });

test('claim, answer, transfer and close from the desk, followed live by the player', async ({ browser }) => {
  const playerContext = await browser.newContext(DESKTOP);
  const firstContext = await browser.newContext(DESKTOP);
  const secondContext = await browser.newContext(DESKTOP);
  const riskContext = await browser.newContext(DESKTOP);
  try {
    const player = await loginAs(playerContext, 'player');
    await signInThroughApi(firstContext.request, await createOperator(firstContext.request, 'SUPPORT'));
    const second = await createOperator(secondContext.request, 'SUPPORT');
    await signInThroughApi(secondContext.request, second);
    await signInThroughApi(riskContext.request, await createOperator(riskContext.request, 'RISK'));

    const page = await playerContext.newPage();
    await page.goto('/customer-service?source=1&route=%2F');
    const window = page.getByTestId('customer-service-window');
    await window.getByTestId('chat-input').fill('我的提现还没到账');
    await window.getByTestId('chat-send').click();
    await expect(window.getByTestId('chat-status')).toHaveText('等待接入');

    // RISK looks, cannot act.
    const risk = await riskContext.newPage();
    await risk.goto('/backoffice/support');
    await risk.locator(`[data-testid="support-conversation-item"][data-customer="${player.username}"]`).click();
    await expect(risk.getByTestId('support-conversation').getByTestId('chat-text')).toHaveText('我的提现还没到账');
    await expect(risk.getByTestId('support-claim')).toHaveCount(0);

    const desk = await firstContext.newPage();
    await desk.goto('/backoffice/support');
    await desk.locator(`[data-testid="support-conversation-item"][data-customer="${player.username}"]`).click();
    await expect(desk.getByTestId('support-customer-profile')).toContainText(player.username);
    await expect(desk.getByTestId('support-customer-profile')).toContainText('¥10000.00');
    const pane = desk.getByTestId('support-conversation');
    await pane.getByTestId('support-claim').click();
    await expect(window.getByTestId('chat-status')).toHaveText('服务中');
    await pane.getByTestId('chat-input').fill('正在为您查询');
    await pane.getByTestId('chat-send').click();
    await expect(window.locator('[data-sender="OPERATOR"]').getByTestId('chat-text')).toHaveText('正在为您查询');

    await pane.getByTestId('support-transfer').click();
    await desk.getByTestId('support-transfer-target').click();
    await desk.getByRole('option', { name: new RegExp(second.username) }).click();
    await desk.getByTestId('support-transfer-confirm').click();
    await expect(window.getByTestId('chat-system').filter({ hasText: '已为您转接至客服' })).toBeVisible();

    const secondDesk = await secondContext.newPage();
    await secondDesk.goto('/backoffice/support');
    await secondDesk.getByTestId('support-views').getByText('我的会话').click();
    await secondDesk.locator(`[data-testid="support-conversation-item"][data-customer="${player.username}"]`).click();
    const secondPane = secondDesk.getByTestId('support-conversation');
    await secondPane.getByTestId('support-close').click();
    await expect(secondPane.getByTestId('support-conversation-status')).toHaveText('已结束');
    await expect(window.getByTestId('chat-status')).toHaveText('已结束');
    await expect(window.getByTestId('chat-status-line')).toHaveText('本次会话已结束，发送消息将开始新的会话');

    // An operator's session is no customer session.
    const asCustomer = await firstContext.request.get('/ajax/customer-service/conversation', { headers: CSRF });
    expect(asCustomer.status()).toBe(401);
  } finally {
    await Promise.all([playerContext, firstContext, secondContext, riskContext].map((context) => context.close()));
  }
});

// The AI assistant (issue 21 item 4): a logged-in player opens the floating AI button, asks a
// question, sees the answer stream in with its source link and follows it to the game page; a
// prediction is refused; offline the button says it needs a connection; visitors see no button.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { loginAs, PHONE, waitForApp } from './support/app.ts';

test.use({ serviceWorkers: 'block' });

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a player asks 怎么玩五星直选, the answer streams in with its source, and the source opens the game page', async ({ page, context }) => {
    await loginAs(context, 'player');
    await page.goto('/');
    await waitForApp(page);
    const button = page.getByTestId('assistant-float');
    await expect(button).toHaveText('智能助手');
    await button.click();

    const chat = page.getByRole('dialog', { name: '智能助手' });
    await expect(chat).toBeVisible();
    await chat.getByTestId('assistant-input').fill('怎么玩五星直选');
    const streamed = page.waitForResponse((r) => r.url().endsWith('/sse/chatgpt') && r.request().method() === 'POST');
    await chat.getByTestId('assistant-send').click();
    const response = await streamed;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/event-stream');

    const answer = chat.getByTestId('assistant-answer').last();
    await expect(answer).toHaveAttribute('data-kind', 'answer');
    await expect(answer).toContainText('从万位、千位、百位、十位、个位中各选择1个号码组成一注');
    const source = answer.getByRole('link', { name: /玩法说明 · 五星直选复式/ });
    await expect(source).toBeVisible();
    await expect(source).toHaveAttribute('href', '/game/regular/CQSSC');
    const box = await source.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)).toEqual([]);

    await source.click();
    await expect(page).toHaveURL(/\/game\/regular\/CQSSC$/);
    await expect(chat).toBeHidden();
  });

  test('a prediction is refused with the fairness explanation', async ({ page, context }) => {
    await loginAs(context, 'trial');
    await page.goto('/');
    await waitForApp(page);
    await page.getByTestId('assistant-float').click();
    const chat = page.getByRole('dialog', { name: '智能助手' });
    await chat.getByTestId('assistant-input').fill('下一期开什么号');
    await chat.getByTestId('assistant-input').press('Enter');
    const answer = chat.getByTestId('assistant-answer').last();
    await expect(answer).toHaveAttribute('data-kind', 'refusal');
    await expect(answer).toContainText('不能预测开奖结果');
    await expect(answer.getByRole('link', { name: '开奖结果与公平性验证' })).toHaveAttribute('href', '/draw-results');
  });
});

test('offline, the button says the assistant needs a connection; visitors have no button', async ({ page, context }) => {
  await page.goto('/');
  await waitForApp(page);
  await expect(page.getByTestId('assistant-float')).toHaveCount(0);

  await loginAs(context, 'player');
  await page.reload();
  await waitForApp(page);
  const button = page.getByTestId('assistant-float');
  await expect(button).toBeEnabled();
  await context.setOffline(true);
  await expect(button).toBeDisabled();
  await expect(button).toHaveText('智能助手 · 需联网');
  await context.setOffline(false);
  await expect(button).toBeEnabled();
});

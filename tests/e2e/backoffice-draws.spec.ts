// Acceptance (issue 16): a result entered by one operator is drawn only after a second confirms it,
// and its orders settle. The test owns its data: a player of its own, an official 天津时时彩 (TJSSC,
// used by no other browser test) issue of its own that the real scheduler closes but never draws
// (POST /ajax/test/draw-issues: no commitment, and no feed knows it), and two 开奖 operators of its own.
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { totpCode } from '../../src/server/backoffice/core/totp.ts';
import { CSRF, loginAs } from './support/app.ts';

test.use({ serviceWorkers: 'block' });

const DRAW_TYPE = 'TJSSC';
const RESULT = [3, 1, 4, 1, 5];

/** A fresh 开奖 operator, signed in (password, then TOTP) in a context of its own. */
async function drawOperator(browser: Browser): Promise<{ context: BrowserContext; page: Page; username: string }> {
  const context = await browser.newContext();
  const created = await context.request.post('/ajax/test/operators', { data: { role: 'DRAW' }, headers: CSRF });
  expect(created.ok(), await created.text()).toBe(true);
  const operator = (await created.json()) as { username: string; password: string; totpSecret: string };
  const password = await context.request.post('/ajax/backoffice/sign-in/password', { data: { username: operator.username, password: operator.password }, headers: CSRF });
  expect(password.ok(), await password.text()).toBe(true);
  const code = await context.request.post('/ajax/backoffice/sign-in/code', { data: { code: totpCode(operator.totpSecret) }, headers: CSRF });
  expect(code.ok(), await code.text()).toBe(true);
  return { context, page: await context.newPage(), username: operator.username };
}

async function placeOrder(request: APIRequestContext, issueNumber: string, digits: number[]): Promise<string> {
  const response = await request.post('/ajax/orders', {
    headers: CSRF,
    data: {
      playMode: 'REGULAR',
      clientKey: `e2e-bo-draws-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      drawType: DRAW_TYPE,
      issueNumber,
      bets: [{ methodId: 'ZX5', selection: { rows: digits.map((d) => [d]) }, mode: 'YUAN', multiplier: 1 }],
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { order: { orderId: string } }).order.orderId;
}

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const issueState = async (request: APIRequestContext, issueNumber: string) =>
  ((await (await request.get(`/ajax/draws/${DRAW_TYPE}/issues/${issueNumber}`)).json()) as { state: string; result: number[] | null });

const orderStatus = async (request: APIRequestContext, orderId: string) =>
  ((await (await request.get(`/ajax/orders/${orderId}`)).json()) as { status: string }).status;

test('a manual result is drawn only after a second operator confirms it, and its orders settle', async ({ context, browser }, testInfo) => {
  test.setTimeout(180_000);
  await loginAs(context, 'player');
  const made = await context.request.post('/ajax/test/draw-issues', { data: { drawType: DRAW_TYPE, salesSeconds: 8 }, headers: CSRF });
  expect(made.ok(), await made.text()).toBe(true);
  const { issueNumber } = (await made.json()) as { issueNumber: string };
  const winning = await placeOrder(context.request, issueNumber, RESULT);
  const losing = await placeOrder(context.request, issueNumber, [9, 9, 9, 9, 9]);
  // The scheduler closes sales on time; nothing draws the issue.
  await expect.poll(async () => (await issueState(context.request, issueNumber)).state, { timeout: 30_000, intervals: [500] }).toBe('CLOSED');

  const first = await drawOperator(browser);
  const second = await drawOperator(browser);
  try {
    // The first operator finds the issue through the draw types list and the calendar.
    await first.page.goto('/backoffice/draws');
    await first.page.getByLabel('筛选彩种').fill(DRAW_TYPE);
    const typeRow = first.page.locator(`[data-testid="draw-type-row"][data-draw-type="${DRAW_TYPE}"]`);
    await expect(typeRow).toContainText('模拟开奖');
    await typeRow.getByRole('link', { name: '天津时时彩' }).click();
    await expect(first.page.getByRole('heading', { name: '天津时时彩 · 期号日历' })).toBeVisible();
    await keepScreenshot(first.page, testInfo, 'calendar');
    await first.page.locator(`[data-testid="issue-row"][data-issue-number="${issueNumber}"]`).getByRole('link', { name: issueNumber }).click();
    await expect(first.page.getByTestId('issue-state')).toHaveText('已截止');
    await expect(first.page.getByTestId('pending-orders')).toHaveText('2');

    // A malformed result is refused on the form, in Chinese, and nothing is requested.
    const form = first.page.getByRole('form', { name: '人工录入开奖结果' });
    await form.getByLabel('开奖号码').fill('3,1,4');
    await form.getByLabel('原因').fill('浏览器测试：开奖源中断，按公告录入');
    await form.getByRole('button', { name: '提交录入' }).click();
    await expect(form.getByText('开奖号码格式不正确：应为5 个 0–9 的号码，可重复')).toBeVisible();
    await form.getByLabel('开奖号码').fill(RESULT.join(','));
    await form.getByRole('button', { name: '提交录入' }).click();
    await expect(first.page.getByText('已提交审批')).toBeVisible();
    const request = first.page.locator('[data-testid="result-request"]');
    await expect(request).toHaveAttribute('data-status', 'PENDING');
    // Entered, not drawn; and the operator who entered it is offered no way to confirm it.
    await expect(request.getByRole('button', { name: '批准并开奖' })).toHaveCount(0);
    expect(await issueState(context.request, issueNumber)).toMatchObject({ state: 'CLOSED', result: null });
    expect(await orderStatus(context.request, winning)).toBe('PENDING');

    // The second operator confirms it on the issue's page.
    await second.page.goto(`/backoffice/draws/${DRAW_TYPE}/issues/${issueNumber}`);
    const pending = second.page.locator('[data-testid="result-request"][data-status="PENDING"]');
    await expect(pending).toContainText(first.username);
    await keepScreenshot(second.page, testInfo, 'pending-request');
    await pending.getByRole('button', { name: '批准并开奖' }).click();
    await expect(second.page.getByTestId('issue-result')).toHaveText(RESULT.join(','));
    await expect(second.page.getByTestId('issue-state')).toHaveText(/已开奖|已结算/);

    // Drawn with the entered result; the scheduler settles its orders.
    expect(await issueState(context.request, issueNumber)).toMatchObject({ result: RESULT });
    await expect.poll(() => orderStatus(context.request, winning), { timeout: 30_000, intervals: [500] }).toBe('WON');
    expect(await orderStatus(context.request, losing)).toBe('LOST');
    await expect(second.page.getByTestId('issue-state')).toHaveText('已结算', { timeout: 15_000 });
    await expect(second.page.getByTestId('pending-orders')).toHaveText('0');
    await keepScreenshot(second.page, testInfo, 'settled');
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

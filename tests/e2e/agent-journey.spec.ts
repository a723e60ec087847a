// Issue 19's acceptance, as a new agent would live it on a phone: a fresh agent makes a registration
// link, a new player registers through it, the agent finds the player in 团队管理 and transfers ¥100 to
// them from 团队钱包 (both statements show it), the player bets on a 1-minute game with it, the agent
// sees the bet in 团队投注, and — once the commission batch has run — the commission in 团队返点.
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { freshUsername, NEW_PASSWORD, solveCaptcha } from './accounts-support.ts';
import { CSRF, logIn, waitForApp } from './support/app.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, serviceWorkers: 'block' });

const MONEY_PASSWORD = 'journey-pay1';
/** The commission part's test-only trigger: runs the level-difference batch now (docs/agents/commission.md). */
const COMMISSION_TRIGGER = '/ajax/test/agent-commission/run';

async function freshAgent(context: BrowserContext) {
  const response = await context.request.post('/ajax/test/accounts', {
    data: { kind: 'AGENT', alias: '旅程代理', funds: 20_000, moneyPassword: MONEY_PASSWORD },
    headers: CSRF,
  });
  expect(response.ok(), await response.text()).toBe(true);
  const agent = (await response.json()) as { username: string; password: string };
  await logIn(context, agent);
  return agent;
}

/** The UUFFC issue on sale with at least 15 s of sales left, polled until the schedule offers one. */
async function issueOnSale(request: APIRequestContext): Promise<string> {
  let issueNumber: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get('/ajax/draws/UUFFC/current');
        const { serverTime, current } = (await response.json()) as { serverTime: number; current: { state: string; closesAt: number; issueNumber: string } | null };
        issueNumber = current?.state === 'OPEN' && current.closesAt - serverTime > 15_000 ? current.issueNumber : null;
        return issueNumber !== null;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe(true);
  return issueNumber!;
}

test('an agent’s whole journey: link, registration, team management, transfer, team orders, commission', async ({ page, context, browser }) => {
  test.setTimeout(300_000);
  const agent = await freshAgent(context);

  // 1. 链接开户: a link for players.
  await page.goto('/agent/link-creation');
  await waitForApp(page);
  const creation = page.getByTestId('agent-link-creation');
  await creation.getByLabel('备注').fill('旅程');
  await creation.getByTestId('create-link').click();
  const url = (await page.getByTestId('link-share').getByTestId('link-url').textContent()) ?? '';
  expect(url).toMatch(/registerId=/);

  // 2. A new player registers through it.
  const playerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  const playerPage = await playerContext.newPage();
  await playerPage.goto(url);
  await waitForApp(playerPage);
  await playerPage.getByTestId('login-button').click();
  const form = playerPage.getByTestId('register-form');
  const username = freshUsername('j');
  await form.getByLabel('用户名').fill(username);
  await form.getByLabel('密码', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('确认密码').fill(NEW_PASSWORD);
  await solveCaptcha(playerPage);
  await form.getByLabel('我已年满 18 周岁').check();
  await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await form.getByRole('button', { name: '注册' }).click();
  const success = playerPage.getByTestId('register-success-modal');
  await expect(success.getByTestId('registered-username')).toHaveText(username);
  await success.getByRole('button', { name: '进入游戏' }).click();
  // The by-link first-login step (spec §5), skipped: the player is then ready to play.
  const firstLogin = playerPage.getByTestId('first-login-link');
  await expect(firstLogin).toBeVisible();
  await firstLogin.getByTestId('first-login-skip').click();
  await expect(firstLogin).toBeHidden();

  // 3. 团队管理: the player is a direct member, with its details.
  await page.goto('/agent/team-management');
  await waitForApp(page);
  const member = page.locator(`[data-testid="member-row"][data-username="${username}"]`);
  await expect(member).toBeVisible();
  await expect(member).toContainText('会员');
  await member.getByTestId('member-open').click();
  const detail = page.getByTestId('member-detail');
  await expect(detail.getByTestId('member-detail-username')).toHaveText(username);
  await expect(detail.getByTestId('member-detail-balance')).toHaveText('¥0.00');
  await detail.getByRole('button', { name: '关闭' }).click();

  // 4. 团队钱包: ¥100 to the player, with the money password.
  await page.goto('/agent/team-wallet');
  await waitForApp(page);
  await page.getByTestId('team-wallet-transfer-tab').click();
  await page.getByTestId('transfer-member-search').fill(username);
  await page.getByRole('button', { name: '查找' }).click();
  await page.getByTestId('transfer-member-select').selectOption({ label: `${username}（余额 ¥0.00）` });
  const transfer = page.getByTestId('transfer-form');
  await expect(transfer.getByTestId('transfer-balance')).toHaveText('¥20000.00');
  await transfer.getByLabel('转账金额（元）').fill('100');
  await transfer.getByLabel('资金密码').fill(MONEY_PASSWORD);
  await transfer.getByRole('button', { name: '确认转账' }).click();
  await expect(page.getByText(`已向 ${username} 转账 ¥100.00`)).toBeVisible();
  await expect(transfer.getByTestId('transfer-balance')).toHaveText('¥19900.00');

  // Both statements show the one TT transfer.
  await page.goto('/account/transaction');
  await waitForApp(page);
  await expect(page.locator('[data-testid="transaction-row"][data-type="TT"]').first().getByTestId('transaction-amount')).toHaveText('-¥100.00');
  await playerPage.goto('/account/transaction');
  await waitForApp(playerPage);
  await expect(playerPage.locator('[data-testid="transaction-row"][data-type="TT"]').first().getByTestId('transaction-amount')).toHaveText('+¥100.00');
  await expect(playerPage.locator('[data-testid="transaction-row"][data-type="TT"]').first().getByTestId('transaction-type')).toHaveText('团队转账');

  // 5. The player bets on a 1-minute game (UUFFC) with it.
  const issueNumber = await issueOnSale(playerContext.request);
  const placed = await playerContext.request.post('/ajax/orders', {
    headers: CSRF,
    data: {
      playMode: 'REGULAR',
      clientKey: `e2e-journey-${Date.now()}`,
      drawType: 'UUFFC',
      issueNumber,
      bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1 }],
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const orderId = ((await placed.json()) as { order: { orderId: string } }).order.orderId;

  // 6. 团队投注: the agent sees the bet, and opens it read-only.
  await page.goto('/agent/team-order');
  await waitForApp(page);
  const order = page.locator(`[data-testid="team-order"][data-username="${username}"]`);
  await expect(order).toBeVisible();
  await order.getByTestId('order-row').click();
  const orderDetail = page.getByTestId('team-order-detail');
  await expect(orderDetail).toContainText(username);
  await expect(orderDetail.getByRole('button', { name: /撤单/ })).toHaveCount(0);
  await orderDetail.getByRole('button', { name: '关闭' }).click();

  // 7. 团队返点: the commission of the settled bet, once the batch has run (the test-only trigger runs it now).
  await expect
    .poll(async () => ((await (await playerContext.request.get(`/ajax/orders/${orderId}`)).json()) as { status: string }).status, { timeout: 150_000, intervals: [2_000] })
    .not.toBe('PENDING');
  const run = await context.request.post(COMMISSION_TRIGGER, { headers: CSRF, data: {} });
  expect(run.ok(), await run.text()).toBe(true);
  await page.goto('/agent/team-rebate/rebate');
  await waitForApp(page);
  // Stake ¥2 at 1950 under the agent's 1956: (1956 − 1950) / 2000 × 2 = ¥0.006, shown floored.
  await expect(page.getByTestId('commission-members')).toContainText(username);
  await playerContext.close();
});

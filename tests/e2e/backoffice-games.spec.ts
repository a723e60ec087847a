// Acceptance (issue 16): an operator closes a game in the back office and a player's OPEN lobby shows
// it closed within seconds, without a reload (the live stream's gamesChanged event); reopening it
// brings the countdown back. UU2FC (锦鲤两分彩) is used by no other browser test, and is reopened at
// the end whatever happens.
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { totpCode } from '../../src/server/backoffice/core/totp.ts';
import { GAME_CLOSED_MESSAGES } from '../../src/shared/api/games.ts';
import { CSRF, loginAs, waitForApp } from './support/app.ts';

test.use({ serviceWorkers: 'block' });

const DRAW_TYPE = 'UU2FC';
const NAME = '锦鲤两分彩';
const MODES = ['REGULAR', 'BOARD'] as const;
const COUNTDOWN = /距封盘 [\d:]+|距开售 [\d:]+|已封盘/;

/** A fresh 运营 operator of this test, signed in (password, then TOTP) in `context`. */
async function signInOperator(context: BrowserContext): Promise<void> {
  const created = await context.request.post('/ajax/test/operators', { data: { role: 'OPERATIONS' }, headers: CSRF });
  expect(created.ok()).toBe(true);
  const operator = (await created.json()) as { username: string; password: string; totpSecret: string };
  const password = await context.request.post('/ajax/backoffice/sign-in/password', { data: { username: operator.username, password: operator.password }, headers: CSRF });
  expect(password.ok()).toBe(true);
  const code = await context.request.post('/ajax/backoffice/sign-in/code', { data: { code: totpCode(operator.totpSecret) }, headers: CSRF });
  expect(code.ok()).toBe(true);
}

async function reopen(request: APIRequestContext): Promise<void> {
  for (const mode of MODES) {
    await request.put(`/ajax/backoffice/games/${DRAW_TYPE}/modes/${mode}`, { data: { enabled: true, reason: '测试结束恢复' }, headers: CSRF });
  }
}

test('an operator closes a game and the player\'s open lobby shows it closed within seconds', async ({ page, context, browser }) => {
  await loginAs(context, 'player');
  await page.goto('/');
  await waitForApp(page);
  const card = page.locator(`[data-testid="lobby-section"] [data-draw-type="${DRAW_TYPE}"]`);
  await expect(card.locator('.jl-card-countdown')).toHaveText(COUNTDOWN);

  const backoffice = await browser.newContext();
  try {
    await signInOperator(backoffice);
    const admin = await backoffice.newPage();
    await admin.goto('/backoffice/games');
    await admin.getByLabel('筛选彩种').fill(DRAW_TYPE);
    const row = admin.locator(`[data-testid="game-row"][data-draw-type="${DRAW_TYPE}"]`);
    await admin.getByLabel('操作原因（记入审计日志）').fill('浏览器测试：临时关闭');
    for (const mode of MODES) {
      const label = `${NAME}${mode === 'REGULAR' ? '标准' : '盘面'}玩法`;
      const saved = admin.waitForResponse((r) => r.url().endsWith(`/games/${DRAW_TYPE}/modes/${mode}`) && r.request().method() === 'PUT');
      await row.getByRole('switch', { name: label }).click({ force: true });
      expect((await saved).status()).toBe(200);
      await expect(row.getByRole('switch', { name: label })).not.toBeChecked();
    }

    // The player's lobby, open all along, says so without a reload.
    await expect(card).toContainText(GAME_CLOSED_MESSAGES.LOTTERY, { timeout: 10_000 });
    await expect(card.getByRole('link')).toHaveCount(0);

    for (const mode of MODES) {
      const label = `${NAME}${mode === 'REGULAR' ? '标准' : '盘面'}玩法`;
      const saved = admin.waitForResponse((r) => r.url().endsWith(`/games/${DRAW_TYPE}/modes/${mode}`) && r.request().method() === 'PUT');
      await row.getByRole('switch', { name: label }).click({ force: true });
      expect((await saved).status()).toBe(200);
    }
    await expect(card.locator('.jl-card-countdown')).toHaveText(COUNTDOWN, { timeout: 10_000 });
  } finally {
    await reopen(backoffice.request);
    await backoffice.close();
  }
});

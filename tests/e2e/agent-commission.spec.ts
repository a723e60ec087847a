// 团队返点 / 团队奖金 and 收益设置 on a phone (issue 19 item 6): an agent's member bets, the commission
// batch runs, and the agent sees the commission per member; the bonus tab and the income config.
import { expect, test } from '@playwright/test';
import { CSRF, loginAs, PHONE, waitForApp } from './support/app.ts';

test.use(PHONE);

test('an agent sees its member’s commission after the batch, its bonus tab and its income config', async ({ page, context }) => {
  const agent = await loginAs(context, 'agent');
  // A member of this agent with a settled 100 元 bet at 1950: the agent (1956) earns 6 / 2000 of it.
  const made = await context.request.post('/ajax/test/agent-commission/member-bets', { headers: CSRF, data: { agent: agent.username, stake: 100 } });
  expect(made.ok()).toBe(true);
  const member = ((await made.json()) as { username: string }).username;
  const run = await context.request.post('/ajax/test/agent-commission/run', { headers: CSRF, data: {} });
  expect(run.ok()).toBe(true);

  await page.goto('/agent/team-rebate/rebate');
  await waitForApp(page);
  const rebate = page.getByTestId('agent-rebate-tab');
  await expect(rebate.getByTestId('commission-total')).toHaveText('¥0.30');
  const row = rebate.getByTestId('commission-members').getByRole('row', { name: new RegExp(member) });
  await expect(row).toContainText('¥100.00');
  await expect(row).toContainText('¥0.30');
  await expect(rebate.getByTestId('commission-runs')).toContainText('已发放');

  await page.getByRole('link', { name: '团队奖金' }).click();
  const bonus = page.getByTestId('agent-bonus-tab');
  await expect(bonus).toContainText('您还没有奖金契约');
  await expect(bonus.getByTestId('member-contract').filter({ hasText: member })).toContainText('未设置契约');

  await page.goto('/account/income-config');
  await expect(page.getByTestId('income-prize-group')).toHaveText('1956');
  await expect(page.getByTestId('income-categories')).toContainText('3D/排列');
});

// 佣金批次 in the back office (issue 19 item 6): after a batch pays an agent for its member's bet, a
// FINANCE operator finds the run, opens it and sees the agent's line for that member.
import { expect, test } from '@playwright/test';
import { createOperator, signInThroughApi } from './backoffice-support.ts';
import { CSRF, loginAs } from './support/app.ts';

test('an operator sees a commission run and its per-member lines', async ({ browser }) => {
  const agentContext = await browser.newContext();
  const agent = await loginAs(agentContext, 'agent');
  const made = await agentContext.request.post('/ajax/test/agent-commission/member-bets', { headers: CSRF, data: { agent: agent.username, stake: 200 } });
  const member = ((await made.json()) as { username: string }).username;
  expect((await agentContext.request.post('/ajax/test/agent-commission/run', { headers: CSRF, data: {} })).ok()).toBe(true);
  // The run that paid this agent (another test's batch may have claimed the bet first).
  const mine = await agentContext.request.get('/ajax/agent/commission');
  const runId = ((await mine.json()) as { runs: { runId: number }[] }).runs[0]!.runId;

  const financeContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const finance = await createOperator(financeContext.request, 'FINANCE');
  await signInThroughApi(financeContext.request, finance);
  const page = await financeContext.newPage();
  await page.goto('/backoffice/agents/commission');
  await expect(page.getByRole('heading', { name: '佣金批次' })).toBeVisible();
  await page.getByTestId('commission-run-link').filter({ hasText: new RegExp(`^${runId}$`) }).click();
  await expect(page.getByRole('heading', { name: `佣金批次 ${runId}` })).toBeVisible();
  await expect(page.getByTestId('commission-run-status')).toHaveText('已发放');
  // 200 元 at 1950 under a 1956 agent: 0.60 元 for the agent.
  await expect(page.getByRole('row').filter({ hasText: agent.username }).filter({ hasText: member })).toContainText('0.60');
  await expect(page.getByTestId('commission-run-stop')).toHaveCount(0);
  await agentContext.close();
  await financeContext.close();
});

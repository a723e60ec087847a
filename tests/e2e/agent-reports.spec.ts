// 团队概览 and 团队盈亏 on a phone (issue 19 items 4 and 5): a tree of the test's own — agent →
// sub-agent → player — where the player bets on an instant game; after a roll-up (the test-only run)
// the overview shows the team's head counts and today's figures, and team profit lists the sub-agent
// with its whole team, drills into it and back, and shows the days of a range.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { CSRF, logIn, waitForApp } from './support/app.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, serviceWorkers: 'block' });

async function account(request: APIRequestContext, data: Record<string, unknown>): Promise<{ username: string; password: string }> {
  const response = await request.post('/ajax/test/accounts', { data: { alias: '报表测试', ...data }, headers: CSRF });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { username: string; password: string };
}

async function rollUp(request: APIRequestContext): Promise<void> {
  const response = await request.post('/ajax/test/agent-stats/run', { headers: CSRF });
  expect(response.ok(), await response.text()).toBe(true);
}

test('an agent sees its team’s bet in the overview and in team profit, per member and per day', async ({ page, context, browser }) => {
  const agent = await account(context.request, { kind: 'AGENT', funds: 100 });
  const sub = await account(context.request, { kind: 'AGENT', parentUsername: agent.username, prizeGroup: 1954 });
  const player = await account(context.request, { kind: 'PLAYER', parentUsername: sub.username, prizeGroup: 1940, funds: 50 });

  // The player bets ¥2 on an instant (秒开) game: settled at once.
  const playerContext = await browser.newContext();
  await logIn(playerContext, player);
  expect((await playerContext.request.get('/ajax/instant-seed')).ok()).toBe(true);
  const placed = await playerContext.request.post('/ajax/orders', {
    headers: CSRF,
    data: {
      playMode: 'REGULAR',
      clientKey: `e2e-reports-${Date.now()}`,
      drawType: 'MKSSC',
      bets: [{ methodId: 'ZX5', selection: { rows: [[1], [2], [3], [4], [5]] }, mode: 'YUAN', multiplier: 1 }],
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  await playerContext.close();
  await rollUp(context.request);

  await logIn(context, agent);
  await page.goto('/agent/team-overview');
  await waitForApp(page);
  const overview = page.getByTestId('team-overview');
  await expect(overview.getByTestId('overview-members')).toHaveText('2');
  await expect(overview.getByTestId('overview-agents')).toHaveText('1');
  await expect(overview.getByTestId('overview-new-today')).toHaveText('2');
  await expect(overview.getByTestId('overview-bets')).toHaveText('¥2.00');
  await expect(overview.getByTestId('overview-deposits')).toHaveText('¥150.00');
  await expect(overview.getByTestId('report-updated-at')).toContainText('数据更新于');
  await expect(overview).toContainText('盈亏 = 中奖 + 返点');

  // Yesterday: nothing yet.
  await overview.getByRole('button', { name: '昨天' }).click();
  await expect(overview.getByTestId('overview-bets')).toHaveText('¥0.00');

  // Team profit: the sub-agent's row carries its whole team (the player's bet).
  await page.goto('/agent/team-profit');
  await waitForApp(page);
  const profit = page.getByTestId('agent-team-profit');
  const rows = profit.getByTestId('profit-member');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(sub.username);
  await expect(rows.first().getByTestId('profit-member-bets')).toHaveText('¥2.00');
  await expect(profit.getByTestId('profit-total-bets')).toHaveText('¥2.00');
  await expect(profit.getByTestId('profit-own-deposits')).toHaveText('¥100.00');

  // Drill into the sub-agent: the player, then back by the trail.
  await rows.first().getByRole('button', { name: '查看下级' }).click();
  await expect(profit.getByTestId('profit-trail')).toContainText(sub.username);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(player.username);
  await expect(rows.first().getByTestId('profit-member-deposits')).toHaveText('¥50.00');
  await profit.getByTestId('profit-trail').getByRole('button', { name: '我的团队' }).click();
  await expect(profit.getByTestId('profit-trail')).toHaveCount(0);
  await expect(rows.first()).toContainText(sub.username);

  // Per day over the last 7 days: seven rows, today's first with the bet.
  await profit.getByRole('button', { name: '近7天' }).click();
  await profit.getByTestId('profit-view').getByText('按日期').click();
  const days = profit.getByTestId('profit-day');
  await expect(days).toHaveCount(7);
  await expect(days.first().getByTestId('profit-day-bets')).toHaveText('¥2.00');
  await expect(profit.getByTestId('profit-row-count')).toHaveText('共 7 天');
});

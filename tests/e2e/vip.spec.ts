// /account/vip shows the level and the progress to the next one; a level change made by the VIP job
// reaches an open app live (the header badge and a notice).
import { expect, test } from '@playwright/test';
import { CSRF, loginAs, waitForApp } from './support/app.ts';
import { createOperator, signInThroughApi } from './backoffice-support.ts';

test('/account/vip shows the level, this month’s figures and the progress to the next level', async ({ page, context }) => {
  await loginAs(context, 'player', { vipLevel: 'NOT_VIP' });
  await page.goto('/account/vip');
  await waitForApp(page);
  await expect(page.getByTestId('vip-overlay')).toBeVisible();
  await expect(page.getByTestId('vip-current-level')).toHaveText('普通会员');
  await expect(page.getByTestId('vip-level-NOT_VIP')).toHaveAttribute('data-current', 'true');
  await expect(page.getByTestId('vip-progress')).toContainText('升级到 VIP1');
  await expect(page.getByTestId('vip-progress-percent')).toHaveText('0%');
  await expect(page.getByTestId('vip-level-VIP_1')).toContainText('升级条件');
});

test('a level raised by the VIP job reaches the open app: badge and notice', async ({ page, context, request }) => {
  await loginAs(context, 'player', { vipLevel: 'NOT_VIP' });
  expect((await page.request.get('/ajax/instant-seed')).ok()).toBe(true);
  const bet = await page.request.post('/ajax/orders', {
    headers: CSRF,
    data: {
      playMode: 'REGULAR',
      clientKey: `e2e-vip-${Date.now()}`,
      drawType: 'MKSSC',
      bets: [
        {
          methodId: 'ZX5',
          selection: { rows: [[1], [2], [3], [4], [5]] },
          mode: 'YUAN',
          multiplier: 1,
        },
      ],
    },
  });
  expect(bet.ok(), await bet.text()).toBe(true);

  await page.goto('/');
  await waitForApp(page);
  await expect(page.getByTestId('header').getByTestId('vip-badge')).toHaveCount(0);
  // The job's events reach only a stream already open: a new stream does not replay older events.
  await page.locator('html[data-live-stream="open"]').waitFor({ state: 'attached' });

  // The operator lowers VIP 1 to a 1 元 month and runs the job; the thresholds are put back after.
  const operator = await createOperator(request, 'OPERATIONS');
  await signInThroughApi(request, operator);
  const levels = (await (await request.get('/ajax/backoffice/vip/levels')).json()) as { levels: Record<string, unknown>[] };
  const { level: _level, rank: _rank, ...original } = levels.levels.find((l) => l.level === 'VIP_1')!;
  const put = (rules: Record<string, unknown>) =>
    request.put('/ajax/backoffice/vip/levels/VIP_1', {
      headers: CSRF,
      data: { ...rules, reason: '浏览器测试' },
    });
  try {
    expect(
      (
        await put({
          ...original,
          qualifyTurnover: 10_000,
          qualifyDeposits: null,
        })
      ).ok(),
    ).toBe(true);
    const run = await request.post('/ajax/backoffice/vip/run', {
      headers: CSRF,
      data: { reason: '浏览器测试' },
    });
    expect(run.ok(), await run.text()).toBe(true);
  } finally {
    expect((await put(original)).ok()).toBe(true);
  }

  await expect(page.getByTestId('text-popup')).toContainText('恭喜您升级为 VIP1');
  await expect(page.getByTestId('header').getByTestId('vip-badge')).toHaveAttribute('data-level', 'VIP_1');
});

test('the back office shows each level’s thresholds and the level distribution', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const operator = await createOperator(context.request, 'FINANCE');
  await signInThroughApi(context.request, operator);
  const page = await context.newPage();
  await page.goto('/backoffice/vip');
  await expect(page.getByRole('heading', { name: 'VIP 等级' })).toBeVisible();
  const vip1 = page.getByTestId('vip-admin-level-VIP_1');
  await expect(vip1.getByLabel('升级：月有效投注（元）')).not.toHaveValue('');
  await expect(vip1.getByLabel('升级：月有效投注（元）')).toBeDisabled(); // finance reads, operations changes
  await expect(page.getByTestId('vip-distribution-VIP_1')).toContainText('人');
  await expect(page.getByTestId('vip-run-now')).toHaveCount(0);
  await context.close();
});

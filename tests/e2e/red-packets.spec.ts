// Red packets as a player meets them (issue 22 item 2 acceptance): an operator creates a packet; the
// float appears; the popup shows title and description with 立即领取; the claim shows the award, which
// goes away after 3 s together with the packet (waited for, never slept). The verification page then
// recomputes the split from the revealed seed. A trial account sees no float and is refused.
// The packets here are for VIP2 only and sold out or ended by the test, so no other test's account sees them.
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { AdminRedPacketDetail } from '../../src/shared/api/red-packets.ts';
import { createOperator, signInThroughApi } from './backoffice-support.ts';
import { CSRF, loginAs, waitForApp } from './support/app.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

/** ¥8.88 in 0.0001 元. */
const AWARD = 88_800;

async function operatorCreates(request: APIRequestContext, title: string): Promise<AdminRedPacketDetail['packet']> {
  const operator = await createOperator(request, 'OPERATIONS');
  await signInThroughApi(request, operator);
  const created = await request.post('/ajax/backoffice/red-packets', {
    headers: CSRF,
    data: {
      title,
      description: '每人限领一次<b>不是HTML</b>',
      budget: AWARD,
      count: 1,
      rule: 'FIXED',
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      conditions: { vipLevels: ['VIP_2'], minDepositToday: 0, registeredBeforeStart: false },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as AdminRedPacketDetail).packet;
}

test('a red packet popup is claimed, shows the award and disappears after 3 s; the split then verifies', async ({ page, context, request }) => {
  const title = `红包${Date.now() % 100_000}`;
  const packet = await operatorCreates(request, title);
  await loginAs(context, 'player', { vipLevel: 'VIP_2', funds: 0 });
  await page.goto('/');
  await waitForApp(page);

  const float = page.getByTestId('red-packet-float');
  await expect(float).toBeVisible();
  expect((await float.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await float.click();
  const popup = page.getByTestId('red-packet-popup');
  await expect(popup.getByTestId('red-packet-title')).toHaveText(title);
  // Plain text stays text.
  await expect(popup).toContainText('每人限领一次<b>不是HTML</b>');
  await expect(popup).toContainText('可验证');

  const claimed = page.waitForResponse((response) => response.url().endsWith(`/ajax/red-packet/${packet.id}/claim`));
  await popup.getByTestId('red-packet-claim').click();
  expect((await claimed).status()).toBe(200);
  await expect(page.getByTestId('red-packet-award')).toContainText('¥8.88');
  // Spec §9: the award closes by itself after 3 s, and the packet leaves the list with it.
  await expect(page.getByTestId('red-packet-award')).toBeHidden({ timeout: 10_000 });
  await expect(float).toBeHidden();

  const balance = await context.request.get('/ajax/wallet/main-wallet-balance');
  expect(((await balance.json()) as { balance: number }).balance).toBe(AWARD);

  // Sold out, so ended: the seed is public and the page recomputes the split in the browser.
  await page.goto(`/verify/red-packet/${packet.id}`);
  await expect(page.getByTestId('red-packet-verification')).toHaveAttribute('data-verdict', 'PASS');
  await expect(page.getByTestId('red-packet-seed')).toContainText(/[0-9a-f]{64}/);
  await expect(page.getByTestId('red-packet-claims').getByRole('row')).toHaveCount(2);
});

test('a trial account sees no red packet float and is refused a claim', async ({ page, context, request }) => {
  const packet = await operatorCreates(request, `试玩红包${Date.now() % 100_000}`);
  await loginAs(context, 'trial', { vipLevel: 'VIP_2' });
  await page.goto('/');
  await waitForApp(page);
  await expect(page.getByTestId('red-packet-float')).toHaveCount(0);
  const refused = await context.request.post(`/ajax/red-packet/${packet.id}/claim`, { headers: CSRF, data: { depositId: null, missionId: null } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'TRIAL_FORBIDDEN', message: '试玩账号不能领取红包' });
  // End it, so no later test meets it.
  const ended = await request.put(`/ajax/backoffice/red-packets/${packet.id}/end`, { headers: CSRF, data: { reason: '测试结束' } });
  expect(ended.ok(), await ended.text()).toBe(true);
});

test('an operator creates a red packet in the back office, sees it listed with its budget, and ends it', async ({ page, context }) => {
  const operator = await createOperator(context.request, 'OPERATIONS');
  await signInThroughApi(context.request, operator);
  await page.goto('/backoffice/red-packets');
  await page.getByTestId('red-packet-new').click();
  const form = page.getByTestId('red-packet-create');
  const title = `后台红包${Date.now() % 100_000}`;
  await form.getByLabel('标题').fill(title);
  await form.getByText('固定金额').click();
  await form.getByLabel('总额（元）').fill('10');
  await form.getByLabel('个数').fill('2');
  // VIP2 only, so no other test's account meets it.
  await form.getByText('VIP2').click();
  const created = page.waitForResponse((r) => r.url().endsWith('/ajax/backoffice/red-packets') && r.request().method() === 'POST');
  await page.getByTestId('red-packet-create-submit').click();
  expect((await created).status()).toBe(200);
  const row = page.getByTestId('red-packet-row').filter({ hasText: title });
  await expect(row).toContainText('0/2');
  await expect(row).toContainText('¥0.00 / ¥10.00');
  await expect(row).toContainText('进行中');
  await row.getByTestId('red-packet-end').click();
  await expect(row).toContainText('已结束');
});

// Issue 22 item 6 in the browser: an operator creates a first-deposit campaign in 活动管理 (rule
// editor, reward, 打码倍数, description) and publishes it; a finance operator approves a pending claim
// in 活动奖金审核 and the bonus cost report shows it paid.
import { expect, test } from '@playwright/test';
import { CAMPAIGN_ADMIN_PATHS } from '../../src/shared/api/campaigns.ts';
import { yuan } from '../../src/shared/money.ts';
import { createOperator, signInThroughApi } from './backoffice-support.ts';
import { createAccount, CSRF } from './support/app.ts';

const DESKTOP = { width: 1280, height: 900 };
test.use({ viewport: DESKTOP });

const beijingInput = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16);

test('an operator creates and publishes a first-deposit campaign with the rule editor', async ({ page, context }) => {
  await signInThroughApi(context.request, await createOperator(context.request, 'OPERATIONS'));
  await page.goto('/backoffice/campaigns');
  await page.getByTestId('campaign-new').click();
  const editor = page.getByTestId('campaign-editor');
  const title = `后台首充${Date.now() % 100_000}`;
  await editor.getByLabel('活动标题').fill(title);
  await editor.getByTestId('rule-threshold').fill('100');
  await editor.getByText('按比例', { exact: true }).click();
  await editor.getByTestId('reward-rate').fill('100');
  await editor.getByTestId('reward-cap').fill('188');
  await editor.getByTestId('stake-multiple').fill('5');
  await editor.getByLabel('开始时间（北京时间）').fill(beijingInput(Date.now() - 3_600_000));
  await editor.getByLabel('结束时间（北京时间）').fill(beijingInput(Date.now() + 7 * 86_400_000));

  // A description with nothing but a script is refused with the reason.
  await editor.getByLabel('正文（HTML）').fill('<script>alert(1)</script>');
  await editor.getByTestId('campaign-save').click();
  await expect(editor).toContainText('内容不可以为空（脚本、样式等不允许的内容已被移除）');

  await editor.getByLabel('正文（HTML）').fill('<p>首充满 ¥100 送 100%，最高 ¥188</p>');
  const saved = page.waitForResponse((r) => r.url().endsWith(CAMPAIGN_ADMIN_PATHS.campaigns) && r.request().method() === 'POST');
  await editor.getByTestId('campaign-save').click();
  const created = (await (await saved).json()) as { id: number; rules: unknown; reward: unknown; stakeMultipleBp: number };
  expect(created).toMatchObject({
    rules: { subtype: 'FIRST_DEPOSIT', minDeposit: yuan(100) },
    reward: { kind: 'PERCENT', rateBp: 10_000, cap: yuan(188) },
    stakeMultipleBp: 50_000,
  });
  await expect(page).toHaveURL(new RegExp(`/backoffice/campaigns/${created.id}$`));

  await page.goto('/backoffice/campaigns');
  const row = page.locator(`[data-testid="campaign-row"][data-id="${created.id}"]`);
  await expect(row.getByTestId('campaign-phase')).toHaveText('草稿');
  await row.getByTestId('campaign-publish').click();
  await expect(row.getByTestId('campaign-phase')).toHaveText('进行中');
  await row.getByTestId('campaign-pause').click();
  await expect(row.getByTestId('campaign-phase')).toHaveText('已暂停');
});

test('a finance operator approves a pending claim and the cost report shows it paid', async ({ page, context, browser }) => {
  // The campaign (a register gift needing approval) and the claim, through the APIs.
  const opsContext = await browser.newContext();
  await signInThroughApi(opsContext.request, await createOperator(opsContext.request, 'OPERATIONS'));
  const now = Date.now();
  const created = await opsContext.request.post(CAMPAIGN_ADMIN_PATHS.campaigns, {
    headers: CSRF,
    data: {
      title: `待审核礼金${now % 100_000}`,
      startsAt: now - 60_000,
      endsAt: now + 86_400_000,
      descriptionHtml: '<p>注册即送</p>',
      rules: { subtype: 'REGISTER' },
      reward: { kind: 'FIXED', amount: yuan(28) },
      needsApproval: true,
    },
  });
  const { id } = (await created.json()) as { id: number };
  await opsContext.request.post(CAMPAIGN_ADMIN_PATHS.status(id), { headers: CSRF, data: { action: 'PUBLISH' } });
  await opsContext.close();

  const playerContext = await browser.newContext();
  const player = await createAccount(playerContext.request, 'player', { funds: 0 });
  await playerContext.request.put('/ajax/login', { data: { username: player.username, password: player.password }, headers: CSRF });
  const claim = await playerContext.request.post(`/ajax/campaign/${id}/claim`, { headers: CSRF, data: {} });
  expect(claim.ok(), await claim.text()).toBe(true);

  await signInThroughApi(context.request, await createOperator(context.request, 'FINANCE'));
  await page.goto('/backoffice/campaign-claims');
  const row = page.getByTestId('claim-row').filter({ hasText: player.username });
  await expect(row).toContainText('¥28.00');
  await row.getByTestId('claim-approve').click();
  await expect(page.getByText('已通过并派发')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(((await (await playerContext.request.get('/ajax/wallet/main-wallet-balance')).json()) as { balance: number }).balance).toBe(yuan(28));
  await playerContext.close();

  await page.goto('/backoffice/campaign-report');
  await expect(page.locator(`[data-testid="report-row"][data-id="${id}"]`).getByTestId('report-paid')).toHaveText('¥28.00');
});

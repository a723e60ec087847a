// 提现审核: a FINANCE operator claims a withdrawal the automatic audit sent to a person and approves
// it (the sandbox gateway pays it out), and rejects another with a reason the player then reads.
import { expect, test } from '@playwright/test';
import { createOperator, signInThroughApi } from './backoffice-support.ts';
import { loginAs, waitForApp } from './support/app.ts';
import { bindBankCard, requestWithdrawal, setMoneyPassword } from './wallet-withdrawal-support.ts';

test('a FINANCE operator approves one withdrawal and rejects another with a reason the player sees', async ({ browser }) => {
  const playerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const player = await loginAs(playerContext, 'player', { funds: 3_000 });
  await setMoneyPassword(playerContext.request);
  const card = await bindBankCard(playerContext.request);
  const approved = await requestWithdrawal(playerContext.request, card.id, 400);
  const rejected = await requestWithdrawal(playerContext.request, card.id, 600);

  const financeContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const finance = await createOperator(financeContext.request, 'FINANCE');
  await signInThroughApi(financeContext.request, finance);
  const page = await financeContext.newPage();
  await page.goto('/backoffice/finance/withdrawals');
  await expect(page.getByRole('heading', { name: '提现审核' })).toBeVisible();
  const filters = page.getByRole('form', { name: '提现筛选' });
  await filters.getByLabel('用户名').fill(player.username);
  await filters.getByRole('button', { name: '查询' }).click();
  const table = page.getByRole('table', { name: '提现列表' });
  const rowOf = (reference: string) => table.getByRole('row').filter({ hasText: reference });
  await expect(rowOf(approved.reference)).toContainText('新绑定收款账户');
  await expect(rowOf(approved.reference)).toContainText('系统审核未通过，已转人工审核');

  // Claim from the queue, then decide on the detail page.
  await rowOf(approved.reference).getByTestId('claim-withdrawal').click();
  await expect(rowOf(approved.reference)).toContainText(finance.username);
  await page.getByLabel('只看我领取的').check();
  await expect(table.getByTestId('withdrawal-link')).toHaveText([approved.reference]);
  await table.getByTestId('withdrawal-link').click();
  const detail = page.getByTestId('withdrawal-detail');
  await expect(detail.getByTestId('payout-destination')).toContainText('张三');
  await detail.getByTestId('approve-withdrawal').click();
  const approveDialog = page.getByRole('dialog', { name: '通过提现' });
  await approveDialog.getByLabel('原因').fill('首次提现，账户信息核对无误');
  await approveDialog.getByRole('button', { name: '确认通过' }).click();
  await expect(detail.getByTestId('detail-status')).toHaveText(/出款中|成功/);
  await expect(detail.getByTestId('approve-withdrawal')).toHaveCount(0);

  // Reject the other one with a reason for the player: claimed on its page first.
  await page.goto(`/backoffice/finance/withdrawals/${rejected.id}`);
  await expect(detail.getByTestId('reject-withdrawal')).toHaveCount(0);
  await detail.getByTestId('claim-withdrawal').click();
  await expect(detail.getByTestId('detail-status')).toHaveText('审核中');
  await detail.getByTestId('reject-withdrawal').click();
  const rejectDialog = page.getByRole('dialog', { name: '拒绝提现' });
  await rejectDialog.getByLabel('原因').fill('收款账户信息与实名不符');
  await rejectDialog.getByRole('button', { name: '确认拒绝' }).click();
  await expect(detail.getByTestId('detail-status')).toHaveText('人工审核未通过');
  await expect(detail.getByTestId('detail-reason')).toContainText('收款账户信息与实名不符');

  const playerPage = await playerContext.newPage();
  await playerPage.goto('/wallet/withdrawal-history');
  await waitForApp(playerPage);
  const rejectedRow = playerPage.getByTestId('withdrawal-row').filter({ hasText: rejected.reference });
  await expect(rejectedRow.getByTestId('withdrawal-status')).toHaveText('人工审核未通过');
  await expect(rejectedRow.getByTestId('withdrawal-reason')).toHaveText('原因：收款账户信息与实名不符');
  const approvedRow = playerPage.getByTestId('withdrawal-row').filter({ hasText: approved.reference });
  await expect(approvedRow.getByTestId('withdrawal-status')).toHaveText(/出款中|成功/);

  await playerContext.close();
  await financeContext.close();
});

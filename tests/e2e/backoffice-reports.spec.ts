// An operator of 财务 opens the daily report, narrows the range, is told in Chinese when the range is
// backwards, and downloads the table as CSV (BOM, Chinese headers, one line per day, totals last).
import { readFile } from 'node:fs/promises';
import { expect, test, type BrowserContext } from '@playwright/test';
import { totpCode } from '../../src/server/backoffice/core/totp.ts';
import { CSRF } from './support/app.ts';

/** A fresh 财务 operator of this test's own, signed in in `context` (password, then TOTP). */
async function signInOperator(context: BrowserContext): Promise<void> {
  const created = await context.request.post('/ajax/test/operators', { data: { role: 'FINANCE' }, headers: CSRF });
  expect(created.ok()).toBe(true);
  const { username, password, totpSecret } = (await created.json()) as { username: string; password: string; totpSecret: string };
  const first = await context.request.post('/ajax/backoffice/sign-in/password', { data: { username, password }, headers: CSRF });
  expect(first.ok()).toBe(true);
  const second = await context.request.post('/ajax/backoffice/sign-in/code', { data: { code: totpCode(totpSecret) }, headers: CSRF });
  expect(second.ok()).toBe(true);
}

test('an operator opens the daily report and downloads it as CSV', async ({ page, context }) => {
  await signInOperator(context);
  await page.goto('/backoffice/reports/daily');
  await expect(page.getByRole('heading', { name: '日报表' })).toBeVisible();
  const table = page.getByRole('table', { name: '日报表' });
  await expect(table.getByRole('columnheader', { name: '有效投注' })).toBeVisible();
  await expect(table.getByTestId('report-total')).toContainText('合计');
  // The default range is the last seven days.
  await expect(table.locator('tbody tr')).toHaveCount(7);

  const form = page.getByRole('form', { name: '查询条件' });
  await form.getByLabel('开始日期').fill('2031-03-05');
  await form.getByLabel('结束日期').fill('2031-03-01');
  await form.getByRole('button', { name: '查询' }).click();
  await expect(form.getByText('结束日期不能早于开始日期')).toBeVisible();

  await form.getByLabel('开始日期').fill('2031-03-01');
  await form.getByLabel('结束日期').fill('2031-03-03');
  await form.getByRole('button', { name: '查询' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expect(table.locator('tbody tr').first()).toContainText('2031-03-01');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '导出 CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('daily-report_2031-03-01_2031-03-03.csv');
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]).toMatch(/^日期,结算注单数,有效投注\(元\),/);
  expect(lines.slice(1, 4).map((line) => line.split(',')[0])).toEqual(['2031-03-01', '2031-03-02', '2031-03-03']);
  expect(lines[4]).toMatch(/^合计,/);
});

// The operators admin and the audit log in the browser (issue 16, items 2–3): a super administrator
// creates an operator (bad input refused in Chinese, nothing created), changes its role, disables it
// (its sign-in is then refused), resets its second factor, and finds each write in the audit log with
// its before → after. No Content-Security-Policy violation on the way.
import { expect, test, type Page } from '@playwright/test';
import { createOperator, enterPassword, signInThroughApi } from './backoffice-support.ts';

test.use({ serviceWorkers: 'block' });

function watchCsp(page: Page): string[] {
  const reports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) reports.push(message.text());
  });
  return reports;
}

test('a super administrator manages an operator, and the audit log shows each change', async ({ page, browser }) => {
  const csp = watchCsp(page);
  const admin = await createOperator(page.request, 'SUPER_ADMIN');
  await signInThroughApi(page.request, admin);
  await page.goto('/backoffice/operators');
  await expect(page.getByRole('heading', { name: '操作员管理' })).toBeVisible();

  const username = `ui_${Date.now().toString(36)}`;
  await page.getByRole('button', { name: '新建操作员' }).click();
  const create = page.getByRole('dialog', { name: '新建操作员' });
  await create.getByLabel('用户名').fill('坏 名字');
  await create.getByRole('button', { name: '创建' }).click();
  await expect(create.getByText('用户名为 3-32 位字母、数字或下划线')).toBeVisible();
  await expect(create.getByText('请选择有效的角色')).toBeVisible();
  await create.getByLabel('用户名').fill(username);
  await create.getByLabel('显示名称').fill('界面测试');
  await create.getByRole('combobox', { name: '角色' }).click();
  await page.getByRole('option', { name: '客服' }).click();
  await create.getByRole('button', { name: '创建' }).click();
  const handed = page.getByRole('dialog', { name: '操作员已创建' });
  const password = (await handed.getByTestId('one-time-password').innerText()).trim();
  expect(password.length).toBeGreaterThanOrEqual(8);
  await handed.getByRole('button', { name: '完成' }).click();

  await page.getByLabel('搜索').fill(username);
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.getByRole('table', { name: '操作员列表' }).getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('客服');
  await expect(row).toContainText('待绑定动态码');

  await row.getByRole('button', { name: `操作 ${username}` }).click();
  await page.getByRole('menuitem', { name: '修改角色' }).click();
  const roleDialog = page.getByRole('dialog', { name: '修改角色' });
  await roleDialog.getByRole('combobox', { name: '新角色' }).click();
  await page.getByRole('option', { name: '风控' }).click();
  await roleDialog.getByRole('button', { name: '保存' }).click();
  await expect(roleDialog.getByText('请填写 2-500 个字符的原因')).toBeVisible();
  await roleDialog.getByLabel('原因').fill('调岗到风控');
  await roleDialog.getByRole('button', { name: '保存' }).click();
  await expect(row).toContainText('风控');

  await row.getByRole('button', { name: `操作 ${username}` }).click();
  await page.getByRole('menuitem', { name: '停用' }).click();
  const disable = page.getByRole('dialog', { name: '停用操作员' });
  await disable.getByLabel('原因').fill('离职');
  await disable.getByRole('button', { name: '停用' }).click();
  await expect(row).toContainText('已停用');

  // The disabled operator cannot sign in.
  const other = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const signIn = await other.newPage();
    await signIn.goto('/backoffice/');
    await enterPassword(signIn, { id: 0, username, password, totpSecret: null });
    await expect(signIn.getByRole('alert')).toContainText('该账号已停用');
  } finally {
    await other.close();
  }

  await page.goto('/backoffice/audit');
  await page.getByLabel('操作类型').fill('operator.');
  await page.getByLabel('对象编号').fill('');
  await page.getByRole('button', { name: '查询' }).click();
  const audit = page.getByRole('table', { name: '审计日志' });
  await expect(audit.getByRole('row').filter({ hasText: '调岗到风控' })).toHaveCount(1);
  await audit.getByRole('row').filter({ hasText: '调岗到风控' }).getByRole('button', { name: '查看变更' }).click();
  const entry = page.getByRole('dialog', { name: /审计记录/ });
  await expect(entry.getByRole('table', { name: '变更内容' })).toContainText('SUPPORT');
  await expect(entry.getByRole('table', { name: '变更内容' })).toContainText('RISK');
  await expect(entry).toContainText(admin.username);
  await entry.getByRole('button', { name: '关闭' }).click();

  await page.getByLabel('操作员用户名').fill('x'.repeat(40));
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByText('操作员用户名不能超过 32 个字符')).toBeVisible();

  expect(csp).toEqual([]);
});

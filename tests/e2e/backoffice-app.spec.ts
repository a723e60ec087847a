// The back office's own app (issue 16, item 1) and its core pages: sign-in with password + TOTP, the
// first sign-in's enrolment, navigation per role, the 403 page, a customer session kept out, session
// expiry back to sign-in keeping the address, the four-eyes queue, and the player PWA never loading
// or precaching anything of it. Every test makes its own operators and players.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { CSRF, loginAs, waitForApp } from './support/app.ts';
import { codeOf, createOperator, enterPassword, navEntries, signInThroughApi } from './backoffice-support.ts';

test.use({ serviceWorkers: 'block' });

test('an operator opens a deep link, signs in with password and TOTP, and lands on it', async ({ page }) => {
  const operator = await createOperator(page.request, 'SUPER_ADMIN');
  await page.goto('/backoffice/operators?from=bookmark');
  await expect(page).toHaveURL(/\/backoffice\/sign-in\?redirect=/);
  await expect(page).toHaveTitle(/运营后台/);
  await expect(page.getByTestId('backoffice-title')).toHaveText('锦鲤运营后台');

  await enterPassword(page, { ...operator, password: 'wrong-password-1' });
  await expect(page.getByRole('alert')).toHaveText('用户名或密码错误');
  await enterPassword(page, operator);
  await page.getByLabel('动态验证码').fill('000000');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('验证码错误');
  await page.getByLabel('动态验证码').fill(codeOf(operator));
  await page.getByRole('button', { name: '登录', exact: true }).click();

  await expect(page).toHaveURL(/\/backoffice\/operators\?from=bookmark$/);
  await expect(page.getByRole('heading', { name: '操作员管理' })).toBeVisible();
  await expect(page.getByTestId('operator-role')).toHaveText('超级管理员');
  await expect(page.getByRole('table', { name: '操作员列表' })).toContainText(operator.username);

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/backoffice\/sign-in$/);
  await page.goto('/backoffice/');
  await expect(page).toHaveURL(/\/backoffice\/sign-in/);
});

test('first sign-in: enrolment with the QR code and the secret, recovery codes shown once, then a recovery code signs in', async ({ page }) => {
  const operator = await createOperator(page.request, 'SUPPORT', false);
  await page.goto('/backoffice/');
  await enterPassword(page, operator);

  await expect(page.getByText('绑定动态验证码', { exact: true })).toBeVisible();
  await expect(page.getByTestId('enrolment-qr').locator('svg')).toBeVisible();
  const secret = await page.getByTestId('enrolment-secret').getAttribute('data-secret');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByRole('textbox', { name: '动态验证码' }).fill('12345');
  await page.getByRole('button', { name: '完成绑定' }).click();
  await expect(page.getByText('请输入 6 位动态验证码')).toBeVisible();
  await page.getByRole('textbox', { name: '动态验证码' }).fill(codeOf({ ...operator, totpSecret: secret }));
  await page.getByRole('button', { name: '完成绑定' }).click();

  await expect(page.getByTestId('recovery-codes').locator('code').first()).toBeVisible();
  const codes = (await page.getByTestId('recovery-codes').locator('code').allInnerTexts()).map((c) => c.trim());
  expect(codes.length).toBeGreaterThanOrEqual(8);
  const enter = page.getByRole('button', { name: '进入运营后台' });
  await expect(enter).toBeDisabled();
  await page.getByLabel('我已妥善保存以上恢复码').check();
  await enter.click();
  await expect(page.getByRole('heading', { name: /您好/ })).toBeVisible();
  await expect(page.getByTestId('operator-role')).toHaveText('客服');

  await page.getByRole('button', { name: '退出登录' }).click();
  await enterPassword(page, operator);
  await page.getByRole('button', { name: '手机不在身边？使用恢复码' }).click();
  await page.getByLabel('恢复码').fill(codes[0]!);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('heading', { name: /您好/ })).toBeVisible();
});

test('the navigation lists what the role may use; a page the role may not open shows 403', async ({ browser }) => {
  const expectations: Record<'SUPER_ADMIN' | 'RISK' | 'DRAW', { shows: string[]; hides: string[] }> = {
    SUPER_ADMIN: { shows: ['操作员管理', '审批队列', '审计日志'], hides: [] },
    RISK: { shows: ['审批队列', '审计日志'], hides: ['操作员管理'] },
    DRAW: { shows: ['审批队列'], hides: ['操作员管理', '审计日志'] },
  };
  const seen: Record<string, string[]> = {};
  for (const [role, { shows, hides }] of Object.entries(expectations)) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const operator = await createOperator(context.request, role as keyof typeof expectations);
      await signInThroughApi(context.request, operator);
      const page = await context.newPage();
      await page.goto('/backoffice/');
      const entries = await navEntries(page);
      seen[role] = entries;
      for (const title of shows) expect(entries, role).toContain(title);
      for (const title of hides) expect(entries, role).not.toContain(title);
      if (role === 'DRAW') {
        await page.goto('/backoffice/operators');
        await expect(page.getByTestId('page-403')).toContainText('没有权限');
        expect((await page.request.get('/ajax/backoffice/operators')).status()).toBe(403);
      }
    } finally {
      await context.close();
    }
  }
  expect(new Set(Object.values(seen).map((entries) => entries.join('|'))).size).toBe(3);
});

test('a customer session reaches no back-office data and gets the sign-in page', async ({ page, context }) => {
  await loginAs(context, 'player');
  expect((await page.request.get('/ajax/current-customer')).ok()).toBe(true);
  for (const path of ['/ajax/backoffice/operators', '/ajax/backoffice/audit', '/ajax/backoffice/approvals']) {
    expect((await page.request.get(path)).status(), path).toBe(401);
  }
  expect(await (await page.request.get('/ajax/backoffice/session')).json()).toEqual({ operator: null });
  await page.goto('/backoffice/audit');
  await expect(page).toHaveURL(/\/backoffice\/sign-in\?redirect=%2Faudit/);
  await expect(page.getByLabel('用户名')).toBeVisible();
});

test('when the session ends the next call opens the sign-in page, and signing in again returns there', async ({ page, context }) => {
  const operator = await createOperator(page.request, 'RISK');
  await signInThroughApi(context.request, operator);
  await page.goto('/backoffice/');
  await expect(page.getByRole('heading', { name: /您好/ })).toBeVisible();
  // The session ends on the server's side (as after the idle timeout or a revocation).
  await context.clearCookies();
  await page.getByTestId('backoffice-nav').getByRole('link', { name: '审计日志' }).click();
  await expect(page).toHaveURL(/\/backoffice\/sign-in\?redirect=%2Faudit/);
  await enterPassword(page, operator);
  await page.getByLabel('动态验证码').fill(codeOf(operator, 1));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/audit$/);
  await expect(page.getByRole('heading', { name: '审计日志' })).toBeVisible();
  // The audit log has this operator's sign-ins.
  await page.getByLabel('操作员用户名').fill(operator.username);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByRole('table', { name: '审计日志' })).toContainText('operator.sign_in');
});

test('an approval requested by one operator is approved by another in the queue', async ({ page, browser }) => {
  const requester = await browser.newContext({ serviceWorkers: 'block' });
  let summary: string;
  try {
    const player = await createPlayer(requester);
    const asker = await createOperator(requester.request, 'FINANCE');
    await signInThroughApi(requester.request, asker);
    const found = await requester.request.get(`/ajax/backoffice/customers?username=${player}`);
    expect(found.ok(), await found.text()).toBe(true);
    const customerId = ((await found.json()) as { items: { id: number }[] }).items[0]!.id;
    const requested = await requester.request.post(`/ajax/backoffice/customers/${customerId}/adjustment`, {
      data: { direction: 'CREDIT', amount: 123_4500, reason: '浏览器测试：人工加款' },
      headers: CSRF,
    });
    expect(requested.ok(), await requested.text()).toBe(true);
    const { approvalId } = (await requested.json()) as { approvalId: number };
    // The requester sees it pending, and may not decide it itself.
    const own = await requester.request.get('/ajax/backoffice/approvals?status=PENDING&mine=true');
    const mine = ((await own.json()) as { items: { id: number; canDecide: boolean; summary: string }[] }).items.find((a) => a.id === approvalId)!;
    expect(mine.canDecide).toBe(false);
    summary = mine.summary;
  } finally {
    await requester.close();
  }

  const approver = await createOperator(page.request, 'FINANCE');
  await signInThroughApi(page.request, approver);
  await page.goto('/backoffice/approvals');
  const table = page.getByRole('table', { name: '审批列表' });
  const row = table.getByRole('row').filter({ hasText: summary });
  await expect(row).toContainText('浏览器测试：人工加款');
  await row.getByRole('button', { name: '批准' }).click();
  await page.getByRole('dialog', { name: '批准申请' }).getByRole('button', { name: '批准并执行' }).click();
  await expect(page.getByText('已批准并执行')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: summary })).toHaveCount(0);
  await page.getByRole('tab', { name: '已批准' }).click();
  const decided = table.getByRole('row').filter({ hasText: summary });
  await expect(decided).toContainText('已批准');
  await decided.getByRole('button', { name: '详情' }).click();
  await expect(page.getByRole('dialog', { name: /审批单/ })).toContainText(`审批人测试FINANCE（${approver.username}）`);
});

test('the player PWA downloads no back-office file, precaches none, and leaves /backoffice/ to the server', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/');
    await waitForApp(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto('/help/terms');
    await waitForApp(page);
    expect(requested.filter((url) => new URL(url).pathname.startsWith('/backoffice'))).toEqual([]);

    const precached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(precached.length).toBeGreaterThan(10);
    expect(precached.filter((url) => url.includes('backoffice'))).toEqual([]);
    // The worker's own precache manifest (what it will fetch on its next install) names none either.
    const manifest = [...(await (await page.request.get('/sw.js')).text()).matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
    expect(manifest).toContain('index.html');
    expect(manifest.filter((url) => url.includes('backoffice'))).toEqual([]);

    // With the PWA's worker in control, a back-office address still gets the back office's HTML from the server.
    const response = await page.goto('/backoffice/approvals');
    expect(response?.fromServiceWorker()).toBe(false);
    await expect(page).toHaveTitle(/运营后台/);
    await expect(page.getByTestId('backoffice-title')).toHaveText('锦鲤运营后台');
  } finally {
    await context.close();
  }
});

/** A fresh player of this test (through the test route), its username. */
async function createPlayer(context: import('@playwright/test').BrowserContext): Promise<string> {
  const response = await context.request.post('/ajax/test/accounts', {
    data: { kind: 'PLAYER', alias: '审批测试', vipLevel: 'NOT_VIP', funds: 100 },
    headers: CSRF,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { username: string }).username;
}

test('the sign-in page and the signed-in pages have no critical or serious accessibility violations', async ({ page }) => {
  const axe = async (label: string) => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  };
  const found: string[] = [];
  await page.goto('/backoffice/');
  await expect(page.getByLabel('用户名')).toBeVisible();
  found.push(...(await axe('sign-in')));
  const admin = await createOperator(page.request, 'SUPER_ADMIN');
  await signInThroughApi(page.request, admin);
  for (const [path, heading] of [
    ['/backoffice/operators', '操作员管理'],
    ['/backoffice/approvals', '审批队列'],
    ['/backoffice/audit', '审计日志'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    found.push(...(await axe(path)));
  }
  expect(found).toEqual([]);
});

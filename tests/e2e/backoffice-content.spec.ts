// Issue 16 item 8 in the browser: an operator writes and publishes an announcement in the back office
// and a player's app, open all along, shows it within a minute without a reload (the contentChanged
// event, or the 30 s refresh); what the operator published stays readable offline after a visit.
// Each test owns what it changes: its own announcement (withdrawn at the end) and the to-pay/sell
// tutorial, which no other browser test reads online (restored at the end).
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { totpCode } from '../../src/server/backoffice/core/totp.ts';
import { AdminTutorialDetailSchema } from '../../src/shared/backoffice/content.ts';
import { CSRF, loginAs, waitForApp } from './support/app.ts';

/** A fresh 运营 operator of this test, signed in (password, then TOTP) in `context`. */
async function signInOperator(context: BrowserContext): Promise<void> {
  const created = await context.request.post('/ajax/test/operators', { data: { role: 'OPERATIONS' }, headers: CSRF });
  expect(created.ok()).toBe(true);
  const operator = (await created.json()) as { username: string; password: string; totpSecret: string };
  const password = await context.request.post('/ajax/backoffice/sign-in/password', { data: { username: operator.username, password: operator.password }, headers: CSRF });
  expect(password.ok()).toBe(true);
  const code = await context.request.post('/ajax/backoffice/sign-in/code', { data: { code: totpCode(operator.totpSecret) }, headers: CSRF });
  expect(code.ok()).toBe(true);
}

async function withdraw(request: APIRequestContext, id: string): Promise<void> {
  const current = await request.get(`/ajax/backoffice/content/announcements/${id}`);
  if (!current.ok()) return;
  const { version, state } = (await current.json()) as { version: number; state: string };
  if (['PUBLISHED', 'SCHEDULED', 'EXPIRED'].includes(state)) {
    await request.put(`/ajax/backoffice/content/announcements/${id}/withdraw`, { data: { version, reason: '测试结束撤回' }, headers: CSRF });
  }
}

test.describe('live publishing', () => {
  test.use({ serviceWorkers: 'block' });

  test('an operator publishes an announcement and the player\'s open app shows it within a minute, sanitised', async ({ page, context, browser }) => {
    test.setTimeout(180_000);
    await loginAs(context, 'player');
    await page.goto('/');
    await waitForApp(page);
    await expect(page.getByRole('link', { name: '锦鲤平台正式上线' }).first()).toBeVisible();

    const title = `浏览器测试公告 ${Date.now()}`;
    const backoffice = await browser.newContext();
    let id: string | null = null;
    try {
      await signInOperator(backoffice);
      const admin = await backoffice.newPage();
      await admin.goto('/backoffice/content/announcements/new');
      await admin.getByLabel('标题').fill(title);
      await admin.getByLabel('正文（HTML）').fill('<p>今晚<strong>维护</strong>两小时。</p><script>window.__pwned = true</script><img src="x" onerror="window.__pwned = true"><a href="javascript:alert(1)">详情</a>');
      // The preview is the server's sanitised HTML: the script and the image are gone already.
      const preview = admin.getByTestId('content-preview');
      await expect(preview.getByText('维护')).toBeVisible();
      await expect(preview.locator('script, img')).toHaveCount(0);

      const created = admin.waitForResponse((r) => r.url().endsWith('/ajax/backoffice/content/announcements') && r.request().method() === 'POST');
      await admin.getByRole('button', { name: '保存草稿' }).click();
      const draft = (await (await created).json()) as { id: string; html: string };
      id = draft.id;
      expect(draft.html).toBe('<p>今晚<strong>维护</strong>两小时。</p><a>详情</a>');
      await expect(admin.getByTestId('announcement-state')).toHaveText('草稿');

      const published = admin.waitForResponse((r) => r.url().endsWith(`/announcements/${draft.id}/publish`));
      await admin.getByRole('button', { name: '发布', exact: true }).click();
      expect((await published).status()).toBe(200);
      await expect(admin.getByTestId('announcement-state')).toHaveText('已发布');

      // The player's lobby, open all along: the new announcement appears without a reload.
      const link = page.getByRole('link', { name: title });
      await expect(link).toBeVisible({ timeout: 60_000 });
      await link.click();
      const detail = page.getByTestId('announcement-detail');
      await expect(detail.getByText('维护')).toBeVisible();
      await expect(detail.locator('strong')).toHaveText('维护');
      await expect(detail.locator('script, img')).toHaveCount(0);
      await expect(detail.getByText('详情')).not.toHaveAttribute('href', /.*/);
      expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    } finally {
      if (id) await withdraw(backoffice.request, id);
      await backoffice.close();
    }
  });
});

test('what the operator published stays readable offline after a visit', async ({ page, context, browser }) => {
  test.setTimeout(180_000);
  const backoffice = await browser.newContext();
  const key = 'to-pay/sell';
  await signInOperator(backoffice);
  const original = AdminTutorialDetailSchema.parse(await (await backoffice.request.get(`/ajax/backoffice/content/tutorials/${key}`)).json());
  const text = `运营发布的出售说明 ${Date.now()}`;
  try {
    const saved = await backoffice.request.put(`/ajax/backoffice/content/tutorials/${key}`, {
      data: { title: original.title, html: `<p>${text}</p>`, version: original.version },
      headers: CSRF,
    });
    expect(saved.ok()).toBe(true);

    const tutorial = page.getByTestId('tutorial-page');
    const openPage = async () => {
      await page.goto('/to-pay/sell');
      await waitForApp(page);
    };
    /** Deleted once this page goes away (its open connection blocks it until then), so before the next page opens it. */
    const evictQueryCache = () => page.evaluate(() => void indexedDB.deleteDatabase('jinli-cache'));

    await openPage();
    await expect(tutorial.getByText(text)).toBeVisible();
    // The worker claims the page once it is active.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          if (navigator.serviceWorker.controller) return resolve();
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
        }),
    );

    // Offline: the query cache persisted in IndexedDB shows the last answer, not the shipped default.
    await context.setOffline(true);
    await page.reload();
    await waitForApp(page);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(tutorial.getByText(text)).toBeVisible();

    // Online again, the page is read through the service worker (which now controls it) …
    await context.setOffline(false);
    await evictQueryCache();
    await openPage();
    await expect(tutorial.getByText(text)).toBeVisible();
    // … which keeps the answer: offline with the query cache evicted, still the operator's text.
    await context.setOffline(true);
    await evictQueryCache();
    await openPage();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(tutorial.getByText(text)).toBeVisible();
    await context.setOffline(false);
  } finally {
    const current = AdminTutorialDetailSchema.parse(await (await backoffice.request.get(`/ajax/backoffice/content/tutorials/${key}`)).json());
    await backoffice.request.put(`/ajax/backoffice/content/tutorials/${key}`, {
      data: { title: original.title, html: original.html, version: current.version },
      headers: CSRF,
    });
    await backoffice.close();
  }
});

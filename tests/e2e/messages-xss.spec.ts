// Stored XSS in the browser (issue 21): script and event-handler payloads written into a mail (by an
// agent to its member) and into an announcement (by an operator) are neutralised — when the player
// opens them, no script runs, no dialog opens, and nothing executable is in the page.
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { totpCode } from '../../src/server/backoffice/core/totp.ts';
import { CSRF, logIn, waitForApp } from './support/app.ts';

test.use({ serviceWorkers: 'block' });

/** Each payload, if it ran, would set window.__pwned or open a dialog. */
const PAYLOAD = [
  '<p onclick="window.__pwned=1" onmouseover="window.__pwned=1">正文<strong>加粗</strong></p>',
  '<script>window.__pwned=1</script>',
  '<img src="x" onerror="window.__pwned=1">',
  '<svg onload="window.__pwned=1"><circle r="5"></circle></svg>',
  '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
  '<a href="javascript:window.__pwned=1">坏链接</a>',
  '<a href="https://example.com" onclick="window.__pwned=1">好链接</a>',
  '<details open ontoggle="window.__pwned=1"><summary>x</summary></details>',
  '<style>body{display:none}</style>',
  '<object data="javascript:window.__pwned=1"></object><embed src="javascript:window.__pwned=1">',
  '<form action="javascript:window.__pwned=1"><button>提交</button></form>',
].join('');
const SUBJECT = '<img src=x onerror="window.__pwned=1">标题';

async function account(request: APIRequestContext, data: Record<string, unknown>): Promise<{ username: string; password: string }> {
  const response = await request.post('/ajax/test/accounts', {
    data: { alias: '安全测试', ...data },
    headers: CSRF,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { username: string; password: string };
}

/** Records anything a payload could do: a dialog, a page error. */
function watch(page: Page): { dialogs: string[]; errors: string[] } {
  const seen = { dialogs: [] as string[], errors: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => seen.errors.push(error.message));
  return seen;
}

async function expectNothingRan(page: Page, area: ReturnType<Page['getByTestId']>, seen: { dialogs: string[] }): Promise<void> {
  await expect(area.locator('script, img, svg, iframe, object, embed, form, style, details, [onclick], [onerror], [onload], [onmouseover]')).toHaveCount(0);
  await expect(area.locator('a[href^="javascript"]')).toHaveCount(0);
  // Hover and click what is left, as a reader would.
  await area.getByText('正文').hover();
  await area.getByText('正文').click();
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(await page.evaluate(() => (window.parent as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(seen.dialogs).toEqual([]);
}

test('a mail full of script and event-handler payloads runs nothing when the member opens it', async ({ page, context, browser }) => {
  const agent = await account(context.request, { kind: 'AGENT' });
  const member = await account(context.request, {
    kind: 'PLAYER',
    parentUsername: agent.username,
  });
  const agentContext = await browser.newContext();
  try {
    await logIn(agentContext, agent);
    const sent = await agentContext.request.post('/ajax/mail', {
      data: {
        recipientGroup: 'ALL_DIRECT_MEMBER',
        subject: SUBJECT,
        htmlContent: PAYLOAD,
      },
      headers: CSRF,
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  } finally {
    await agentContext.close();
  }

  const seen = watch(page);
  await logIn(context, member);
  await page.goto('/mail');
  await waitForApp(page);
  const row = page.getByTestId('mail-row').first();
  // The subject is text: the markup shows as typed.
  await expect(row.getByTestId('mail-row-subject')).toHaveText(SUBJECT);
  await row.click();
  const detail = page.getByTestId('mail-detail');
  await expect(detail.getByTestId('mail-detail-subject')).toHaveText(SUBJECT);
  const body = detail.getByTestId('content-html');
  await expect(body.locator('strong')).toHaveText('加粗');
  await expect(body.getByRole('link', { name: '好链接' })).toHaveAttribute('href', 'https://example.com/');
  await expectNothingRan(page, body, seen);
});

async function signInOperator(context: BrowserContext): Promise<void> {
  const created = await context.request.post('/ajax/test/operators', {
    data: { role: 'OPERATIONS' },
    headers: CSRF,
  });
  expect(created.ok()).toBe(true);
  const operator = (await created.json()) as {
    username: string;
    password: string;
    totpSecret: string;
  };
  const password = await context.request.post('/ajax/backoffice/sign-in/password', {
    data: { username: operator.username, password: operator.password },
    headers: CSRF,
  });
  expect(password.ok()).toBe(true);
  const code = await context.request.post('/ajax/backoffice/sign-in/code', {
    data: { code: totpCode(operator.totpSecret) },
    headers: CSRF,
  });
  expect(code.ok()).toBe(true);
}

test('an announcement full of script and event-handler payloads runs nothing when a player opens it', async ({ page, context, browser }) => {
  const operator = await browser.newContext();
  let id: string | null = null;
  let version = 0;
  try {
    await signInOperator(operator);
    const title = `安全测试公告 ${Date.now()}`;
    const created = await operator.request.post('/ajax/backoffice/content/announcements', { data: { title, html: PAYLOAD, pinned: false }, headers: CSRF });
    expect(created.ok(), await created.text()).toBe(true);
    ({ id, version } = (await created.json()) as {
      id: string;
      version: number;
    });
    const published = await operator.request.put(`/ajax/backoffice/content/announcements/${id}/publish`, { data: { version }, headers: CSRF });
    expect(published.ok(), await published.text()).toBe(true);
    version = ((await published.json()) as { version: number }).version;

    const seen = watch(page);
    await logIn(context, await account(context.request, { kind: 'PLAYER' }));
    await page.goto(`/announcement/${encodeURIComponent(id)}`);
    await waitForApp(page);
    const detail = page.getByTestId('announcement-detail');
    await expect(detail).toContainText(title);
    const body = detail.getByTestId('content-html');
    await expect(body.locator('strong')).toHaveText('加粗');
    await expectNothingRan(page, body, seen);
  } finally {
    if (id) await operator.request.put(`/ajax/backoffice/content/announcements/${id}/withdraw`, { data: { version, reason: '测试结束撤回' }, headers: CSRF });
    await operator.close();
  }
});

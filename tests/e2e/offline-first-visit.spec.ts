// A first-time visitor who goes offline the moment the service worker controls the page — possibly
// before anything was written to IndexedDB — reopens the shell, help and tutorials offline: the
// precache alone must be enough (decisions §7). Each page is a full navigation, so each one starts
// the app again offline.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

interface ContentFile {
  title: string;
  html: string;
}

function content(file: string): ContentFile {
  return JSON.parse(readFileSync(new URL(`../../public/content/${file}`, import.meta.url), 'utf8')) as ContentFile;
}

/** The page's marker and the words of its content file that must be on screen: its title and first paragraph. */
function contentPage(path: string, marker: string, file: string) {
  const page = content(file);
  const firstText = /<p>(.*?)<\/p>/s.exec(page.html)?.[1]?.replace(/<[^>]*>/g, '');
  return { path, marker, texts: [page.title, ...(firstText ? [firstText] : [])] };
}

const PAGES = [
  { path: '/', marker: 'lobby', texts: [] },
  { path: '/help', marker: 'help-index', texts: ['帮助中心', '用户协议'] },
  contentPage('/help/terms', 'help-page', 'help/terms.json'),
  contentPage('/help/install-app', 'help-page', 'help/install-app.json'),
  { path: '/announcement', marker: 'announcement-list', texts: ['锦鲤平台正式上线'] },
  { path: '/download', marker: 'download-page', texts: [] },
  contentPage('/usdt/register', 'tutorial-page', 'tutorials/usdt/register.json'),
  contentPage('/digital-rmb/deposit', 'tutorial-page', 'tutorials/digital-rmb/deposit.json'),
  contentPage('/to-pay/install', 'tutorial-page', 'tutorials/to-pay/install.json'),
  contentPage('/wallet/tutorial/alipay-hebao', 'tutorial-page', 'tutorials/alipay-hebao.json'),
  contentPage('/jd-e-card', 'tutorial-page', 'tutorials/jd-e-card.json'),
  contentPage('/tiktok-payment', 'tutorial-page', 'tutorials/tiktok-payment.json'),
  contentPage('/wechat-life-payment', 'tutorial-page', 'tutorials/wechat-life-payment.json'),
];

/** Resolves once the service worker controls the page (it claims the first visit on activation). */
async function serviceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        if (navigator.serviceWorker.controller) return resolve();
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
      }),
  );
}

/** Startup's outcome: `ready`, or `failed` with the 加载失败 dialog. */
async function startupOutcome(page: Page): Promise<string | null> {
  const html = page.locator('html[data-app-state]');
  await html.waitFor({ state: 'attached', timeout: 30_000 });
  return html.getAttribute('data-app-state');
}

/** Every page, each a full navigation offline: it renders its content, never 加载失败. */
async function expectPagesOpenOffline(page: Page): Promise<void> {
  for (const { path, marker, texts } of PAGES) {
    const response = await page.goto(path);
    expect(response?.fromServiceWorker(), `${path} comes from the service worker`).toBe(true);
    expect(await startupOutcome(page), `${path}: startup`).toBe('ready');
    await expect(page.getByTestId(marker), path).toBeVisible();
    for (const text of texts) await expect(page.getByTestId(marker).getByText(text, { exact: false }).first(), `${path}: ${text}`).toBeVisible();
    await expect(page.getByTestId('offline-banner'), path).toBeVisible();
    await expect(page.getByTestId('startup-failed'), path).toHaveCount(0);
    await expect(page.getByTestId('network-error'), path).toHaveCount(0);
    await expect(page.getByText('加载失败'), path).toHaveCount(0);
  }
}

test('a first visit, then offline at once: the shell, help and tutorials open from the precache', async ({ page, context }) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await serviceWorkerControls(page);
  await context.setOffline(true);
  await expectPagesOpenOffline(page);
});

test('offline with nothing in IndexedDB (evicted, or the visit ended before the first write): the precache alone opens them', async ({ page, context }) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await serviceWorkerControls(page);
  await context.setOffline(true);
  // The open connection blocks the deletion until this page goes away: it completes before the next
  // page can open the database.
  await page.evaluate(() => void indexedDB.deleteDatabase('jinli-cache'));
  await expectPagesOpenOffline(page);
  // Nothing was known offline, so nothing about a customer or the games was invented and stored.
  const stored = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('jinli-cache');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('query-cache')) return resolve([]);
          const read = db.transaction('query-cache').objectStore('query-cache').get('query-cache');
          read.onsuccess = () => {
            const value = read.result as { clientState?: { queries: { queryKey: unknown[] }[] } } | undefined;
            resolve(value?.clientState?.queries.map((q) => q.queryKey.join('/')) ?? []);
          };
        };
      }),
  );
  expect(stored).not.toContain('session/current-customer');
  expect(stored).not.toContain('games/enabled');
});

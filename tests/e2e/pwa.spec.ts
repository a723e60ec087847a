// Installability and offline (decisions §7), and the live stream coming back with the network.
import { rmSync } from 'node:fs';
import { chromium, expect, test, type Page } from '@playwright/test';
import { loginAs, publishEvent, waitForApp } from './support/app.ts';

async function swControlling(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

/** The persisted query keys in IndexedDB. */
function persistedKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('jinli-cache');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('query-cache')) return resolve([]);
          const read = db.transaction('query-cache').objectStore('query-cache').get('query-cache');
          read.onsuccess = () => {
            const value = read.result as { clientState?: { queries: { queryKey: unknown[] }[] } } | undefined;
            resolve(value?.clientState?.queries.map((q) => q.queryKey.join('/')) ?? []);
          };
          read.onerror = () => resolve([]);
        };
      }),
  );
}

test('installable: Chromium reports no installability errors; manifest has 192/512/maskable icons and the theme colour', async ({ baseURL }, testInfo) => {
  const launch = testInfo.project.use.launchOptions ?? {};
  // A persistent profile: an incognito context would report `in-incognito` as an installability error.
  const profile = testInfo.outputPath('profile');
  const context = await chromium.launchPersistentContext(profile, {
    ...launch,
    baseURL: baseURL!,
    locale: 'zh-CN',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await waitForApp(page);
    await swControlling(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      lang: string;
      display: string;
      theme_color: string;
      start_url: string;
      icons: { sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ lang: 'zh-CN', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the service worker answers navigations with the shell but never /ajax/ or /sse/', async ({ page }) => {
  await page.goto('/');
  await waitForApp(page);
  await swControlling(page);
  expect(await page.evaluate(() => fetch('/ajax/current-customer').then((r) => r.headers.get('content-type')))).toContain('application/json');
  const api = await page.goto('/ajax/health');
  expect(api?.headers()['content-type']).toContain('application/json');
  expect(await page.locator('body').innerText()).toContain('"ok":true');
  const shell = await page.goto('/help/terms');
  expect(shell?.fromServiceWorker()).toBe(true);
  await waitForApp(page);
  await expect(page.getByTestId('help-page')).toBeVisible();
});

test('offline after one visit: shell, last-known customer and balance, help and tutorials; back online the stream reconnects and a balance event updates the header', async ({
  page,
  context,
}) => {
  const player = await loginAs(context, 'player');
  await page.goto('/');
  await waitForApp(page);
  await swControlling(page);
  const balance = (await (await context.request.get('/ajax/wallet/main-wallet-balance')).json()) as { balance: number };
  expect(balance.balance).toBe(player.balance);
  // Floored to 分 with ¥ (spec §9), as src/shared/money.ts shows it.
  const cents = Math.floor(balance.balance / 100);
  const shown = `¥${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  await expect(page.getByTestId('balance-amount')).toHaveText(shown);
  await expect
    .poll(() => persistedKeys(page), { timeout: 30_000 })
    .toEqual(expect.arrayContaining(['session/current-customer', 'user/wallet/main-balance', 'games/enabled']));

  await context.setOffline(true);
  await page.reload();
  await waitForApp(page);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('account-alias')).toHaveText(player.alias);
  await expect(page.getByTestId('balance-amount')).toHaveText(shown);
  await expect(page.getByTestId('balance-last-known')).toContainText('最后已知');
  await expect(page.getByRole('button', { name: '刷新余额' })).toBeDisabled();
  expect(await page.evaluate(() => fetch('/ajax/health').then(() => 'reached', () => 'offline'))).toBe('offline');

  await page.getByRole('navigation', { name: '页脚导航' }).getByRole('link', { name: '帮助中心' }).click();
  await expect(page.getByTestId('help-index')).toBeVisible();
  await page.getByRole('link', { name: /用户协议/ }).click();
  await expect(page.getByTestId('help-page')).toContainText('交易记录保留 30 天');
  for (const path of ['/usdt/register', '/help/install-app', '/wallet/tutorial/alipay-hebao']) {
    await page.goto(path);
    await waitForApp(page);
    await expect(page.getByTestId(path.startsWith('/help') ? 'help-page' : 'tutorial-page'), path).toBeVisible();
  }
  await page.goto('/');
  await waitForApp(page);

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  // The stream is recreated on `online`; keep publishing until the reconnected stream delivers one.
  let amount = 12_345_6700;
  await expect(async () => {
    amount += 10_000;
    await publishEvent(page.request, player.username, 'balance', { balance: amount });
    await expect(page.getByTestId('balance-amount')).toHaveText(`¥${(amount / 10_000).toFixed(2)}`, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('balance-last-known')).toHaveCount(0);
});

test('live events: a text popup from the server shows without a reload', async ({ page, context }) => {
  const agent = await loginAs(context, 'agent');
  await page.goto('/');
  await waitForApp(page);
  await expect(async () => {
    await publishEvent(page.request, agent.username, 'textPopup', { title: '系统消息', content: '今晚 23:00 系统维护' });
    await expect(page.getByTestId('text-popup')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('text-popup')).toContainText('今晚 23:00 系统维护');
  await page.getByTestId('text-popup').getByRole('button', { name: '知道了' }).click();
});

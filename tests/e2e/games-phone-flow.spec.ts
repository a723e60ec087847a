// The phone bet flow (issue 18 items 1 and 7) at 390×844: the issue bar and the bet bar stay in view
// while the page scrolls, a bet takes two taps after picking (投注 → 确认投注), a 六合彩 board bet needs
// no scrolling past the odds table, and a game page opened offline shows its last known data with age.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginAs, waitForApp } from './support/app.ts';
import { confirmOrder, waitForOpenSales } from './games-support.ts';

const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
test.use(PHONE_390);

/** Sums layout shifts not caused by input, from the page's start (CLS without session windows: an upper bound). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function top(locator: Locator): Promise<number> {
  return (await locator.boundingBox())!.y;
}
async function bottom(locator: Locator): Promise<number> {
  const box = (await locator.boundingBox())!;
  return box.y + box.height;
}

/** The bars are in view, the issue bar under the header and the bet bar above the bottom navigation. */
async function expectBarsInView(page: Page, where: string) {
  const issueBar = page.getByTestId('issue-bar');
  const betBar = page.getByTestId('bet-bar');
  await expect(issueBar.getByRole('timer'), where).toBeInViewport();
  await expect(betBar.getByTestId('bar-amount'), where).toBeInViewport();
  expect(await top(issueBar), where).toBeGreaterThanOrEqual((await bottom(page.getByTestId('header'))) - 1);
  expect(await bottom(betBar), where).toBeLessThanOrEqual((await top(page.getByTestId('bottom-nav'))) + 1);
}

test.describe('online', () => {
  test.use({ serviceWorkers: 'block' });

  test('from the lobby, 锦鲤分分彩 is bet in two taps after picking, the countdown and the amount in view all along', async ({ page, context }) => {
    test.setTimeout(180_000);
    await loginAs(context, 'player');
    await watchLayoutShifts(page);
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('link', { name: '锦鲤分分彩 标准' }).click();
    await expect(page.getByTestId('game-page')).toHaveAttribute('data-draw-type', 'UUFFC');
    await expect(page.getByTestId('issue-bar').getByTestId('issue-number')).toBeVisible();

    for (const label of ['万位', '千位', '百位', '十位', '个位']) {
      await page.locator(`[data-row="${label}"]`).getByRole('button', { name: '7', exact: true }).click();
      await expectBarsInView(page, `after picking ${label}`);
    }
    await expect(page.getByTestId('bar-bets')).toHaveText('1');
    await expect(page.getByTestId('bar-amount')).toHaveText('¥2.00');
    for (const target of ['recent-results', 'my-orders', 'bet-slip']) {
      await page.getByTestId(target).scrollIntoViewIfNeeded();
      await expectBarsInView(page, `scrolled to ${target}`);
    }
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.1);

    await waitForOpenSales(page, 12);
    await page.getByTestId('bet-bar').getByRole('button', { name: '投注', exact: true }).click();
    await expect(page.getByTestId('confirm-total')).toHaveText('共 1 注，合计 ¥2.00');
    const placed = await confirmOrder(page);
    expect(placed.request.bets).toEqual([{ methodId: 'ZX5', selection: { rows: [[7], [7], [7], [7], [7]] }, mode: 'YUAN', multiplier: 1, prizeGroup: 1950 }]);
    await expect(page.getByTestId('bar-bets')).toHaveText('0');
    await expect(page.locator(`[data-testid="my-order"][data-order-id="${placed.order.orderId}"]`)).toBeAttached();
  });

  test('a 极速六合彩 board bet is placed from the bet bar without scrolling past the odds table', async ({ page, context }) => {
    test.setTimeout(180_000);
    await loginAs(context, 'player');
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('link', { name: '极速六合彩 盘面' }).click();
    await expect(page.getByTestId('game-page')).toHaveAttribute('data-draw-type', 'UUMARK6');
    const bar = page.getByTestId('bet-bar');
    await bar.getByRole('button', { name: '筹码 50 元' }).click();
    await expect(bar.getByTestId('bar-unit')).toHaveText('每注 50 元');
    const item = page.locator('[data-bet-type] [data-item]').first();
    await expect(item).toBeInViewport();
    await item.click();
    await expect(bar.getByTestId('bar-bet-list')).toHaveText('投注单 1 注 · ¥50.00');
    expect(await bottom(bar)).toBeLessThanOrEqual((await top(page.getByTestId('bottom-nav'))) + 1);

    // The list is a drawer over the odds table.
    await bar.getByTestId('bar-bet-list').click();
    const drawer = page.getByTestId('bet-list-drawer');
    await expect(drawer.getByTestId('board-bet')).toHaveCount(1);
    await drawer.getByRole('button', { name: '关闭' }).click();
    await expect(drawer).toHaveCount(0);

    await waitForOpenSales(page, 12, 150_000);
    await expect(item).toBeInViewport();
    await expect(page.getByTestId('board-bet-list')).not.toBeInViewport();
    await bar.getByRole('button', { name: '投注', exact: true }).click();
    await expect(page.getByTestId('confirm-total')).toHaveText('共 1 注，合计 ¥50.00');
    const placed = await confirmOrder(page);
    expect(placed.request.playMode).toBe('BOARD');
    expect(placed.request.bets).toHaveLength(1);
    await expect(bar.getByTestId('bar-bet-list')).toHaveText('投注单 为空');
  });
});

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

test('offline, the game page shows the last known issue, results and orders with their age; 投注 waits for the network', async ({ page, context }) => {
  test.setTimeout(120_000);
  await loginAs(context, 'player');
  await page.goto('/game/regular/UUFFC');
  await waitForApp(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  await expect(page.getByTestId('issue-bar').getByTestId('issue-number')).toBeVisible();
  const issueNumber = ((await page.getByTestId('issue-number').textContent()) ?? '').replace(/\D/g, '');
  await expect(page.getByTestId('my-orders')).toContainText('暂无投注记录');
  await expect
    .poll(() => persistedKeys(page), { timeout: 30_000 })
    .toEqual(expect.arrayContaining(['draws/UUFFC/current', 'draws/UUFFC/results/10', 'user/orders/draw-type/UUFFC']));

  await context.setOffline(true);
  await page.reload();
  await waitForApp(page);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  const issueBar = page.getByTestId('issue-bar');
  await expect(issueBar).toHaveAttribute('data-phase', 'offline');
  await expect(issueBar).toContainText(`第 ${issueNumber} 期`);
  await expect(issueBar.getByTestId('issue-age')).toHaveText(/^最后已知 · (刚刚|\d+分钟前)的数据$/);
  await expect(page.getByText('正在获取期号…')).toHaveCount(0);
  await expect(page.getByTestId('recent-results').getByTestId('results-age')).toBeVisible();
  await expect(page.getByTestId('my-orders').getByTestId('orders-age')).toBeVisible();
  await expect(page.getByTestId('my-orders')).toContainText('暂无投注记录');

  for (const label of ['万位', '千位', '百位', '十位', '个位']) await page.locator(`[data-row="${label}"]`).getByRole('button', { name: '3', exact: true }).click();
  const bar = page.getByTestId('bet-bar');
  await expect(bar.getByTestId('bar-bets')).toHaveText('1');
  await expect(bar.getByTestId('bar-blocked-reason')).toHaveText('当前网络已断开，充值、提现、转账和投注需要联网后才能进行');
  await expect(bar.getByRole('button', { name: '投注', exact: true })).toBeDisabled();
  await context.setOffline(false);
});

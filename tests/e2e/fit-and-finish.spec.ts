// Issue 18 item 6 in the browser: every lottery of the desktop 彩票 menu can be reached in a 1280×720
// window, the trial header fits a 390 px phone, tap targets on the phone are at least 44 px, the lobby
// hero shrinks for a logged-in player, and the lobby's countdowns: one request for the first screen's
// issues on a first visit, on the cards' first render for a returning one.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginAs, waitForApp } from './support/app.ts';

test.use({ serviceWorkers: 'block' });

const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const MIN_TAP_PX = 44;
/** Two columns of three rows: the cards a 390×844 phone shows first. */
const FIRST_SCREEN_CARDS = 6;

async function openLotteryMenu(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: '游戏菜单' }).getByRole('button', { name: '彩票' }).hover();
  const menu = page.getByTestId('lottery-menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** Every visible interactive element under `root` narrower or lower than a finger. */
async function smallTargets(root: Locator): Promise<string[]> {
  return root.evaluateAll((roots, min) => {
    const found: string[] = [];
    for (const element of roots.flatMap((r) => [...r.querySelectorAll<HTMLElement>('a[href], button, [role="menuitem"], input, [tabindex="0"]')])) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        found.push(`${element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName} ${box.width.toFixed(0)}×${box.height.toFixed(0)}`);
      }
    }
    return found;
  }, MIN_TAP_PX);
}

test.describe('desktop lottery menu', () => {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1366, height: 768 },
  ]) {
    test(`every lottery of the lobby is reachable from the menu at ${viewport.width}×${viewport.height}`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await page.goto('/');
      await waitForApp(page);
      // The oracle: the lobby's own lottery cards that have an entry on this device.
      // The lobby renders its cards in steps; every card is there once it says so.
      await expect(page.locator('[data-testid="game-lobby"][data-complete]')).toBeAttached();
      const codes = await page
        .locator('[data-testid="lobby-section"]:not([data-category="DICE"]) [data-testid="lobby-game"]:has(.jl-card-links a)')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-draw-type') ?? ''));
      expect(codes.length).toBeGreaterThan(50);
      const menu = await openLotteryMenu(page);
      const entries = menu.getByTestId('lottery-group').getByTestId('menu-entry');
      const menuCodes = await entries.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-draw-type') ?? ''));
      expect([...menuCodes].sort()).toEqual([...codes].sort());
      // The dropdown never runs past the window: what does not fit scrolls inside it.
      const box = await menu.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(viewport.height);
      for (const code of codes) {
        const link = menu.locator(`[data-testid="menu-entry"][data-draw-type="${code}"] a`).first();
        await link.scrollIntoViewIfNeeded();
        await expect(link).toBeInViewport();
      }

      // The last lottery of each category (六合彩, 快乐8, 双色球, 大乐透 were out of reach) opens its page.
      const lastOfEach = await menu
        .getByTestId('lottery-group')
        .evaluateAll((groups) => groups.map((group) => [...group.querySelectorAll('[data-testid="menu-entry"]')].at(-1)?.getAttribute('data-draw-type') ?? ''));
      for (const code of lastOfEach) {
        const opened = await openLotteryMenu(page);
        const link = opened.locator(`[data-testid="lottery-group"] [data-testid="menu-entry"][data-draw-type="${code}"] a`).first();
        const href = await link.getAttribute('href');
        await link.click();
        await expect(page).toHaveURL((url) => url.pathname === href);
        await page.goBack();
        await expect(page).toHaveURL((url) => url.pathname === '/');
      }
    });
  }
});

test.describe('phone 390×844', () => {
  test.use(PHONE_390);

  test('the trial header fits without horizontal overflow', async ({ page, context }) => {
    // A five-digit balance: wider than the ¥2000.00 a trial starts with.
    await loginAs(context, 'trial', { funds: 99_999 });
    await page.goto('/');
    await waitForApp(page);
    await expect(page.getByTestId('trial-label')).toBeVisible();
    await expect(page.getByTestId('balance-amount')).toHaveText(/^¥/);
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      header: (() => {
        const header = document.querySelector<HTMLElement>('[data-testid="header"]')!;
        return header.scrollWidth - header.clientWidth;
      })(),
      outside: [...document.querySelectorAll<HTMLElement>('[data-testid="header"] *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => element.getAttribute('data-testid') ?? element.tagName),
    }));
    expect(overflow).toEqual({ page: 0, header: 0, outside: [] });
    expect(await smallTargets(page.getByTestId('header'))).toEqual([]);
  });

  test('the lobby hero shrinks for a logged-in player', async ({ page, context }) => {
    await page.goto('/');
    await waitForApp(page);
    const hero = page.getByTestId('lobby-hero');
    await expect(hero.getByRole('link', { name: '下载App' })).toBeVisible();
    const anonymous = (await hero.boundingBox())!.height;
    await loginAs(context, 'player');
    await page.reload();
    await waitForApp(page);
    await expect(hero).toHaveAttribute('data-compact', 'true');
    await expect(hero.getByRole('link', { name: '下载App' })).toBeVisible();
    const player = (await hero.boundingBox())!.height;
    expect(player).toBeLessThan(anonymous * 0.6);
  });

  test('tap targets are at least 44 px: header, bottom navigation, lobby hero, cards and menus', async ({ page, context }) => {
    await loginAs(context, 'player');
    await page.goto('/');
    await waitForApp(page);
    const card = page.getByTestId('lobby-game').first();
    await expect(card.getByRole('link').first()).toBeVisible();
    await expect(page.getByTestId('balance-amount')).toHaveText(/^¥/);
    expect(await smallTargets(page.getByTestId('header'))).toEqual([]);
    expect(await smallTargets(page.getByTestId('bottom-nav'))).toEqual([]);
    expect(await smallTargets(page.getByTestId('lobby-hero'))).toEqual([]);
    expect(await smallTargets(page.locator('[data-testid="lobby-game"]:visible'))).toEqual([]);
    expect(await smallTargets(page.getByRole('group', { name: '游戏分类' }))).toEqual([]);
    await page.getByTestId('account-menu').click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
    expect(await smallTargets(menu)).toEqual([]);
  });

  test('lobby countdowns: one request for the first screen, then at once on the next visit', async ({ page }) => {
    // Records, from the page's start, every note the first cards show: on a returning visit none may
    // be the loading placeholder.
    await page.addInitScript((FIRST_SCREEN_CARDS) => {
      const seen: string[] = [];
      (window as unknown as { __cardNotes: string[] }).__cardNotes = seen;
      new MutationObserver(() => {
        const cards = [...document.querySelectorAll('[data-testid="lobby-game"]')].slice(0, FIRST_SCREEN_CARDS);
        for (const note of cards.map((card) => card.querySelector('.jl-card-countdown'))) {
          const text = note?.textContent ?? '';
          if (seen.at(-1) !== text) seen.push(text);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    }, FIRST_SCREEN_CARDS);
    const issueRequests: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/ajax/draws/') && path.endsWith('/current')) issueRequests.push(path);
    });

    // First visit: the first screen's issues arrive in one request, none per card.
    await page.goto('/');
    await waitForApp(page);
    const first = page.getByTestId('lobby-game').first();
    await expect(first.getByRole('timer')).toBeVisible();
    expect(issueRequests[0]).toBe('/ajax/draws/current');
    expect(issueRequests.filter((path) => path !== '/ajax/draws/current')).toEqual([]);
    // Kept for the next visit (query persistence) before it starts.
    const firstCode = await first.getAttribute('data-draw-type');
    await expect.poll(() => persistedIssue(page, firstCode!), { timeout: 30_000 }).toBe(true);

    await page.reload();
    await waitForApp(page);
    await expect(first.getByRole('timer')).toBeVisible();
    const notes = await page.evaluate(() => (window as unknown as { __cardNotes: string[] }).__cardNotes);
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.filter((text) => !/距封盘|距开售|已封盘|暂无在售期号|秒开|暂时关闭/.test(text))).toEqual([]);
  });
});

/** Whether the stored query cache holds the draw type's current issue. */
function persistedIssue(page: Page, drawType: string): Promise<boolean> {
  return page.evaluate(
    (drawType) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('jinli-cache');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('query-cache')) return resolve(false);
          const read = db.transaction('query-cache').objectStore('query-cache').get('query-cache');
          read.onsuccess = () => {
            const value = read.result as { clientState?: { queries: { queryKey: unknown[] }[] } } | undefined;
            resolve(value?.clientState?.queries.some((q) => q.queryKey.join('/') === `draws/${drawType}/current`) ?? false);
          };
          read.onerror = () => resolve(false);
        };
      }),
    drawType,
  );
}

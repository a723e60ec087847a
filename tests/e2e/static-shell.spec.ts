// The phone lobby painted from index.html (docs/pwa.md "The first load on a phone"): a first visit to /
// on a phone shows the header and the welcome before the app's code has arrived; the app then takes
// the page over with the same geometry, without a layout shift and without a frame showing neither.
import { expect, test, type Page } from '@playwright/test';
import { waitForApp } from './support/app.ts';

test.use({ serviceWorkers: 'block' });

const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const APP_ENTRY = /\/assets\/index-[^/]+\.js$/;

/** Holds the app's entry script until `release()`; the page meanwhile shows only what index.html paints. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_ENTRY, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Every animation frame: whether the static lobby and the app's hero are in the page; the layout shifts. */
async function recordFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = { frames: [] as { staticShown: boolean; appShown: boolean }[], shift: 0 };
    (window as unknown as { __shell: typeof record }).__shell = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) record.shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const frame = () => {
      const shell = document.getElementById('static-lobby');
      record.frames.push({
        staticShown: shell !== null && getComputedStyle(shell).display !== 'none',
        appShown: document.querySelector('[data-testid="lobby-hero"] h1') !== null,
      });
      if (record.frames.length < 5000) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const boxes = (page: Page, root: string) =>
  page.locator(`${root} h1, ${root} p, ${root} a[href="/download"], ${root} a[href="/help"]`).evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { text: element.textContent?.trim(), x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
    }),
  );

test.describe('the phone lobby before the app’s code', () => {
  test.use(PHONE_390);

  test('paints the welcome from the page itself, then the app takes over in place without a shift or a blank frame', async ({ page }) => {
    await recordFrames(page);
    const release = await holdAppCode(page);
    await page.goto('/', { waitUntil: 'commit' });
    const staticShell = page.getByTestId('static-lobby');
    await expect(staticShell.getByRole('heading', { level: 1, name: '锦鲤大厅' })).toBeVisible();
    await expect(page.locator('#startup')).toBeHidden();
    const before = await boxes(page, '#static-lobby');
    expect(before.map((b) => b.text)).toEqual(['锦鲤大厅', '彩票、骰宝与更多游戏，尽在锦鲤。理性娱乐，量力而行。', '下载App', '帮助中心']);

    release();
    await waitForApp(page);
    await expect(staticShell).toHaveCount(0);
    // The app's welcome is where the static one was, to the pixel.
    expect(await boxes(page, '[data-testid="lobby-hero"]')).toEqual(before);

    const record = await page.evaluate(() => (window as unknown as { __shell: { frames: { staticShown: boolean; appShown: boolean }[]; shift: number } }).__shell);
    const firstShown = record.frames.findIndex((f) => f.staticShown);
    expect(firstShown).toBeGreaterThanOrEqual(0);
    expect(record.frames.slice(firstShown).filter((f) => !f.staticShown && !f.appShown)).toEqual([]);
    expect(record.shift).toBe(0);
  });

  test('is not used for another page, nor for a player last seen logged in', async ({ page }) => {
    const release = await holdAppCode(page);
    await page.goto('/help', { waitUntil: 'commit' });
    await expect(page.locator('#startup')).toBeVisible();
    await expect(page.getByTestId('static-lobby')).toBeHidden();

    await page.evaluate(() => localStorage.setItem('jinli-signed-in', '1'));
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('#startup')).toBeVisible();
    await expect(page.getByTestId('static-lobby')).toBeHidden();
    release();
    await waitForApp(page);
    // The app keeps the hint in step with the session: this visitor is not logged in.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('jinli-signed-in'))).toBe('0');
  });
});

test('a wider screen keeps the splash (its header differs)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const release = await holdAppCode(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('#startup')).toBeVisible();
  await expect(page.getByTestId('static-lobby')).toBeHidden();
  release();
  await waitForApp(page);
  await expect(page.getByTestId('static-lobby')).toHaveCount(0);
});

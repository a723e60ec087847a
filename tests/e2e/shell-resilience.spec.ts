// The floating items load their code in the background. A first visit can go offline before the
// service worker serves that code: a float that cannot load must not take the page to the route's
// 网络错误 screen (it did: campaigns.spec failed on it), and it loads once the network is back.
import { expect, test, type Page } from '@playwright/test';
import { loginAs, waitForApp } from './support/app.ts';

// The service worker would serve the chunk from its precache: these tests are about the network.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });

const CHAT_FLOAT_CHUNK = /\/assets\/CustomerChatFloat-[^/]+\.js$/;

/** Fails the customer-service float's code as an offline fetch would, `times` times. */
async function failChatFloatCode(page: Page, times: number): Promise<() => number> {
  let asked = 0;
  await page.route(CHAT_FLOAT_CHUNK, (route) => (++asked <= times ? route.abort('internetdisconnected') : route.continue()));
  return () => asked;
}

test('a float whose code cannot load leaves the page alone', async ({ page, context }) => {
  await loginAs(context, 'player');
  const asked = await failChatFloatCode(page, Number.POSITIVE_INFINITY);
  await page.goto('/campaign');
  await waitForApp(page);
  await expect(page.getByTestId('campaign-page')).toBeVisible();
  await expect.poll(asked).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('floating-area')).toHaveCount(1);
  await expect(page.getByTestId('network-error')).toHaveCount(0);
  await expect(page.getByTestId('campaign-page')).toBeVisible();
  await expect(page.getByTestId('customer-chat-float')).toHaveCount(0);
});

test('a float whose code failed offline loads once the network is back', async ({ page, context }) => {
  await loginAs(context, 'player');
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  // The first request fails after the device has gone offline, as on a phone losing its signal.
  let asked = 0;
  await page.route(CHAT_FLOAT_CHUNK, async (route) => {
    if (++asked > 1) return route.continue();
    await released;
    return route.abort('internetdisconnected');
  });
  await page.goto('/campaign');
  await waitForApp(page);
  await expect.poll(() => asked).toBe(1);
  await context.setOffline(true);
  release();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('network-error')).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByTestId('customer-chat-float')).toBeVisible();
  await expect(page.getByTestId('network-error')).toHaveCount(0);
  await expect(page.getByTestId('campaign-page')).toBeVisible();
});

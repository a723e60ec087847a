// Spec §2.1 and §6 in the browser: every route built so far against the four kinds of visitor,
// unknown routes, and the overlay mechanism.
import { expect, test, type Page } from '@playwright/test';
import { loginAs, VISITOR_KINDS, waitForApp, type Visitor } from './support/app.ts';

test.use({ serviceWorkers: 'block' });

type Outcome = 'page' | 'overlay' | 'login' | 'notFound';

/** Routes that exist so far, with what each kind of visitor gets. */
const ROUTES: { path: string; marker: string; outcome: Record<Visitor, Outcome> }[] = [
  { path: '/', marker: 'lobby', outcome: { anonymous: 'page', trial: 'page', player: 'page', agent: 'page' } },
  { path: '/help', marker: 'help-index', outcome: { anonymous: 'page', trial: 'page', player: 'page', agent: 'page' } },
  { path: '/help/terms', marker: 'help-page', outcome: { anonymous: 'page', trial: 'page', player: 'page', agent: 'page' } },
  { path: '/download', marker: 'download-page', outcome: { anonymous: 'overlay', trial: 'overlay', player: 'overlay', agent: 'overlay' } },
  { path: '/announcement', marker: 'announcement-list', outcome: { anonymous: 'overlay', trial: 'overlay', player: 'overlay', agent: 'overlay' } },
  { path: '/announcement/welcome', marker: 'announcement-detail', outcome: { anonymous: 'overlay', trial: 'overlay', player: 'overlay', agent: 'overlay' } },
  { path: '/wallet/tutorial/alipay-hebao', marker: 'tutorial-page', outcome: { anonymous: 'page', trial: 'page', player: 'page', agent: 'page' } },
  { path: '/usdt/to-rmb', marker: 'tutorial-page', outcome: { anonymous: 'page', trial: 'page', player: 'page', agent: 'page' } },
  { path: '/digital-rmb/upgrade', marker: 'tutorial-page', outcome: { anonymous: 'page', trial: 'page', player: 'page', agent: 'page' } },
  { path: '/to-pay/sell', marker: 'tutorial-page', outcome: { anonymous: 'page', trial: 'page', player: 'page', agent: 'page' } },
  { path: '/jd-e-card', marker: 'tutorial-page', outcome: { anonymous: 'page', trial: 'page', player: 'page', agent: 'page' } },
  { path: '/tiktok-payment', marker: 'tutorial-page', outcome: { anonymous: 'page', trial: 'page', player: 'page', agent: 'page' } },
  { path: '/wechat-life-payment', marker: 'tutorial-page', outcome: { anonymous: 'page', trial: 'page', player: 'page', agent: 'page' } },
  { path: '/account/center', marker: 'account-center', outcome: { anonymous: 'login', trial: 'page', player: 'page', agent: 'page' } },
  { path: '/account/vip', marker: 'vip-overlay', outcome: { anonymous: 'login', trial: 'notFound', player: 'overlay', agent: 'overlay' } },
  { path: '/agent/team-overview', marker: 'team-overview', outcome: { anonymous: 'login', trial: 'notFound', player: 'notFound', agent: 'overlay' } },
];

const UNKNOWN = ['/no-such-page', '/usdt/not-a-tab', '/help/no-such-article', '/announcement/no-such-id', '/wallet/deposit', '/game/regular/NOSUCHTYPE'];

async function expectOutcome(page: Page, path: string, marker: string, outcome: Outcome) {
  await page.goto(path);
  await waitForApp(page);
  if (outcome === 'login') {
    await expect(page.getByTestId('login-modal')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.searchParams.get('redirect') === path);
    await expect(page.getByTestId('lobby')).toBeVisible();
    return;
  }
  if (outcome === 'notFound') {
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
    await expect(page.getByRole('link', { name: '返回首页' })).toBeVisible();
    await expect(page.getByTestId(marker)).toHaveCount(0);
    return;
  }
  await expect(page.getByTestId(marker)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === path);
  if (outcome === 'overlay') {
    await expect(page.getByTestId('overlay')).toBeVisible();
    // Loaded directly: the lobby is painted behind it.
    await expect(page.getByTestId('overlay-background').getByTestId('lobby')).toBeAttached();
  }
}

for (const visitor of VISITOR_KINDS) {
  test.describe(`${visitor} visitor`, () => {
    test.beforeEach(async ({ context }) => {
      await loginAs(context, visitor);
    });

    test('every built route follows its access rule', async ({ page }) => {
      for (const route of ROUTES) {
        await test.step(`${route.path} → ${route.outcome[visitor]}`, () => expectOutcome(page, route.path, route.marker, route.outcome[visitor]));
      }
    });

    test('unknown routes show the not-found page with a way home', async ({ page }) => {
      for (const path of UNKNOWN) {
        await test.step(path, async () => {
          await page.goto(path);
          await waitForApp(page);
          await expect(page.getByTestId('not-found')).toBeVisible();
        });
      }
      await page.getByRole('link', { name: '返回首页' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await expect(page.getByTestId('lobby')).toBeVisible();
    });
  });
}

test.describe('overlays (spec §2.1)', () => {
  test('an overlay opens over the page the player came from and closes back to it', async ({ page }) => {
    await page.goto('/help/terms');
    await waitForApp(page);
    await page.getByTestId('footer').getByRole('link', { name: '下载App' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/download');
    await expect(page.getByTestId('overlay')).toBeVisible();
    await expect(page.getByTestId('overlay-background').getByTestId('help-page')).toBeVisible();
    await page.getByRole('button', { name: '关闭' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/help/terms');
    await expect(page.getByTestId('overlay')).toHaveCount(0);
    await expect(page.getByTestId('help-page')).toBeVisible();
  });

  test('overlay to overlay keeps the first page behind and closes all the way back', async ({ page }) => {
    await page.goto('/usdt/register');
    await waitForApp(page);
    await page.getByTestId('footer').getByRole('link', { name: '平台公告' }).click();
    await expect(page.getByTestId('announcement-list')).toBeVisible();
    await page.getByTestId('announcement-list').getByRole('link', { name: '锦鲤平台正式上线' }).click();
    await expect(page.getByTestId('announcement-detail')).toBeVisible();
    await expect(page.getByTestId('overlay-background').getByTestId('tutorial-page')).toBeVisible();
    await page.getByRole('button', { name: '关闭' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/usdt/register');
    await expect(page.getByTestId('overlay')).toHaveCount(0);
  });

  test('the browser back button closes an overlay too', async ({ page }) => {
    await page.goto('/help');
    await waitForApp(page);
    await page.getByTestId('footer').getByRole('link', { name: '下载App' }).click();
    await expect(page.getByTestId('overlay')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/help');
    await expect(page.getByTestId('overlay')).toHaveCount(0);
  });

  test('after a reload the overlay closes to the lobby', async ({ page }) => {
    await page.goto('/help');
    await waitForApp(page);
    await page.getByTestId('footer').getByRole('link', { name: '下载App' }).click();
    await expect(page.getByTestId('overlay')).toBeVisible();
    await page.reload();
    await waitForApp(page);
    await expect(page.getByTestId('overlay')).toBeVisible();
    await page.getByRole('button', { name: '关闭' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expect(page.getByTestId('lobby')).toBeVisible();
  });

  test('a logged-out visitor asking for a protected route logs in and lands there', async ({ page }) => {
    await page.goto('/account/center');
    await waitForApp(page);
    const modal = page.getByTestId('login-modal');
    await modal.getByLabel('用户名').fill('demo_player');
    await modal.getByLabel('密码', { exact: true }).fill('demo1234');
    await modal.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/account/center');
    await expect(page.getByTestId('account-center')).toBeVisible();
    await expect(page.getByTestId('account-alias')).toHaveText('锦鲤玩家');
  });
});

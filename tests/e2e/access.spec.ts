// Spec §2.1 and §6 in the browser: every route built so far against the four kinds of visitor,
// unknown routes, and the overlay mechanism.
import { expect, test, type Page } from '@playwright/test';
import { NON_SPEC_ROUTES } from '../app/non-spec-routes.ts';
import { SPEC_ROUTES as SPEC_TABLE, type Tier } from '../app/spec-routes.ts';
import { createAccount, loginAs, VISITOR_KINDS, waitForApp, type Visitor } from './support/app.ts';
import { builtRoutes } from './support/built-routes.ts';

test.use({ serviceWorkers: 'block' });

/** The spec's table and the pages beyond it (tests/app/non-spec-routes.ts). */
const SPEC_ROUTES = [...SPEC_TABLE, ...NON_SPEC_ROUTES];

type Outcome = 'page' | 'overlay' | 'login' | 'notFound';

/** A test id, or the name of an overlay's dialog. */
type Marker = string | { dialog: string };
const locate = (page: Page, marker: Marker) =>
  typeof marker === 'string' ? page.getByTestId(marker) : page.getByRole('dialog', { name: marker.dialog });

/** What a page shows once it has rendered (the fallback checks only that it is neither refused nor missing). */
const MARKERS: Record<string, Marker> = {
  '/': 'lobby',
  '/help': 'help-index',
  '/help/$': 'help-page',
  '/download': 'download-page',
  '/announcement/{-$id}': 'announcement-list',
  '/game/regular/$type': 'game-page',
  '/game/board/$type': 'game-page',
  '/game/dice/$type': 'game-page',
  '/game/chart/$type': 'chart-page',
  '/account/center': 'account-center',
  '/account/vip': 'vip-overlay',
  '/account/order': 'orders-overlay',
  // Its list is empty for a new account; the dialog is there either way.
  '/account/autobet/{-$tab}': { dialog: '追号记录' },
  '/agent/team-overview': 'team-overview',
  '/agent/manual-creation': 'agent-manual-creation',
  '/agent/link-creation': 'agent-link-creation',
  '/agent/link-management': 'agent-link-management',
  '/agent/team-management': 'agent-team-management',
  '/agent/team-order': 'agent-team-order',
  '/agent/team-wallet': 'agent-team-wallet',
  '/agent/team-profit': 'agent-team-profit',
  '/agent/team-rebate/{-$tab}': 'agent-team-rebate',
  '/account/income-config': 'income-config',
  '/wallet/deposit': 'deposit-page',
  '/wallet/deposit-history': 'deposit-history-page',
  '/wallet/withdrawal/{-$tab}': 'withdrawal-page',
  '/wallet/withdrawal-history': 'withdrawal-history-page',
  '/account/transaction/{-$tab}': 'transactions-page',
  '/game/slot-machine/{-$tab}': 'slot-page',
  '/wallet/third-party/{-$tab}': 'third-party-transfer-page',
  '/third-party-game/game': 'launch-page',
  '/wallet/tutorial/alipay-hebao': 'tutorial-page',
  '/usdt/$tab': 'tutorial-page',
  '/digital-rmb/$tab': 'tutorial-page',
  '/to-pay/$tab': 'tutorial-page',
  '/jd-e-card': 'tutorial-page',
  '/tiktok-payment': 'tutorial-page',
  '/wechat-life-payment': 'tutorial-page',
  '/verify/$drawType/$issueNumber': 'verify-page',
  '/verify/instant/$orderId': 'verify-page',
  '/draw-results': 'results-page',
  '/draw-results/$type': 'history-page',
  '/agent/chat': 'agent-chat-overlay',
  '/account/chat': { dialog: '联系上级' },
};

/** Once let in, these leave for another site: the third-party launch page opens the provider's game. */
const LEAVES_SITE = new Set(['/third-party-game/game']);

/** These log the visitor in (or spend a token) when opened: tests/e2e/accounts-register.spec.ts covers them. */
const SIGN_IN_ROUTES = new Set(['/trial/$id', '/login-token/$token']);

/** More URLs of built routes than the spec table's one sample (with their own marker when it differs). */
const EXTRA_SAMPLES: Record<string, (string | { path: string; marker: Marker })[]> = {
  '/announcement/{-$id}': [{ path: '/announcement/welcome', marker: 'announcement-detail' }],
  '/account/autobet/{-$tab}': ['/account/autobet', '/account/autobet/dice'],
  '/game/regular/$type': ['/game/regular/UUFFC'],
  '/game/dice/$type': ['/game/dice/JSTB'],
  '/usdt/$tab': ['/usdt/to-rmb'],
  '/digital-rmb/$tab': ['/digital-rmb/upgrade'],
  '/to-pay/$tab': ['/to-pay/sell'],
  '/wallet/withdrawal/{-$tab}': ['/wallet/withdrawal', '/wallet/withdrawal/usdt'],
  '/account/transaction/{-$tab}': ['/account/transaction', '/account/transaction/third-party'],
  '/game/slot-machine/{-$tab}': ['/game/slot-machine'],
  '/wallet/third-party/{-$tab}': ['/wallet/third-party/PG'],
  '/agent/team-rebate/{-$tab}': ['/agent/team-rebate/bonus'],
};

const TIER_OUTCOME: Record<Tier, Record<Visitor, 'allow' | 'login' | 'notFound'>> = {
  public: { anonymous: 'allow', trial: 'allow', player: 'allow', agent: 'allow' },
  loggedIn: { anonymous: 'login', trial: 'allow', player: 'allow', agent: 'allow' },
  nonTrial: { anonymous: 'login', trial: 'notFound', player: 'allow', agent: 'allow' },
  agentOnly: { anonymous: 'login', trial: 'notFound', player: 'notFound', agent: 'allow' },
};

const BUILT = builtRoutes();

/** Every built route of the spec table (tests/app/spec-routes.ts), with what each kind of visitor gets. */
const ROUTES: { path: string; marker: Marker | undefined; outcome: Record<Visitor, Outcome> }[] = SPEC_ROUTES.filter(
  (spec) => BUILT.has(spec.path) && !SIGN_IN_ROUTES.has(spec.path),
).flatMap((spec) => {
  const outcome = Object.fromEntries(
    VISITOR_KINDS.map((visitor) => {
      const decision = TIER_OUTCOME[spec.tier][visitor];
      return [visitor, decision === 'allow' ? (spec.overlay ? 'overlay' : 'page') : decision];
    }),
  ) as Record<Visitor, Outcome>;
  return [spec.sample, ...(EXTRA_SAMPLES[spec.path] ?? [])].map((sample) =>
    typeof sample === 'string' ? { path: sample, marker: MARKERS[spec.path], outcome } : { ...sample, outcome },
  );
});

test('the table covers every route the router has', () => {
  const known = new Set(SPEC_ROUTES.map((spec) => spec.path));
  expect([...BUILT].filter((path) => !known.has(path))).toEqual([]);
  // The routes of issue 3 and of the game, order and autobet pages are all in it.
  for (const path of ['/account/order', '/account/autobet/lottery', '/game/regular/CQSSC', '/game/board/CQSSC', '/game/dice/F1TB', '/game/chart/CQSSC']) {
    expect(ROUTES.map((r) => r.path)).toContain(path);
  }
});

const UNKNOWN = ['/no-such-page', '/usdt/not-a-tab', '/help/no-such-article', '/announcement/no-such-id', '/wallet/deposit', '/game/regular/NOSUCHTYPE', '/draw-results/NOSUCHTYPE'].filter(
  (path) => !BUILT.has(path),
);
/** Unknown values of a built route below a tier: not found once the tier lets the visitor in. */
const UNKNOWN_TAB = '/account/autobet/no-such-tab';

async function expectOutcome(page: Page, path: string, marker: Marker | undefined, outcome: Outcome) {
  if (LEAVES_SITE.has(new URL(path, 'http://x').pathname) && (outcome === 'page' || outcome === 'overlay')) {
    // The launch page hands the visitor over to the provider's game (docs/providers/pwa.md), possibly
    // before the app has said it is ready.
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/play/'));
    return;
  }
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
    if (marker) await expect(locate(page, marker)).toHaveCount(0);
    return;
  }
  if (marker) await expect(locate(page, marker)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === new URL(path, 'http://x').pathname);
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  await expect(page.getByTestId('login-modal')).toHaveCount(0);
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
      // Some forty full page loads in one test.
      test.setTimeout(360_000);
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

    test('an unknown tab of a guarded route: the guard first, then not found', async ({ page }) => {
      test.skip(!BUILT.has('/account/autobet/{-$tab}'), 'the autobet list is not built');
      const outcome = TIER_OUTCOME.nonTrial[visitor];
      await expectOutcome(page, UNKNOWN_TAB, MARKERS['/account/autobet/{-$tab}'], outcome === 'allow' ? 'notFound' : outcome);
    });
  });
}

// Each test waits for the page's own content before clicking the footer: content that renders after
// Playwright has found the link moves the footer down, and the click lands above it.
test.describe('overlays (spec §2.1)', () => {
  test('an overlay opens over the page the player came from and closes back to it', async ({ page }) => {
    await page.goto('/help/terms');
    await waitForApp(page);
    await expect(page.getByTestId('help-page')).toBeVisible();
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
    await expect(page.getByTestId('tutorial-page')).toBeVisible();
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
    await expect(page.getByTestId('help-index')).toBeVisible();
    await page.getByTestId('footer').getByRole('link', { name: '下载App' }).click();
    await expect(page.getByTestId('overlay')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/help');
    await expect(page.getByTestId('overlay')).toHaveCount(0);
  });

  test('after a reload the overlay closes to the lobby', async ({ page }) => {
    await page.goto('/help');
    await waitForApp(page);
    await expect(page.getByTestId('help-index')).toBeVisible();
    await page.getByTestId('footer').getByRole('link', { name: '下载App' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/download');
    await expect(page.getByTestId('overlay')).toBeVisible();
    await page.reload();
    await waitForApp(page);
    await expect(page.getByTestId('overlay')).toBeVisible();
    await page.getByRole('button', { name: '关闭' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expect(page.getByTestId('lobby')).toBeVisible();
  });

  test('a logged-out visitor asking for a protected route logs in and lands there', async ({ page }) => {
    const account = await createAccount(page.request, 'player');
    await page.goto('/account/center');
    await waitForApp(page);
    const modal = page.getByTestId('login-modal');
    await modal.getByLabel('用户名').fill(account.username);
    await modal.getByLabel('密码', { exact: true }).fill(account.password);
    await modal.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/account/center');
    await expect(page.getByTestId('account-center')).toBeVisible();
    await expect(page.getByTestId('account-alias')).toHaveText(account.alias);
  });
});

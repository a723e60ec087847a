// Issue 15, defects 4 and 8 in the browser: every page of the router works under the server's
// Content-Security-Policy with no violation reported — as a visitor and as a logged-in player, the
// verification page running a verification, the service worker installed and serving the shell —
// and a login link carrying an off-site redirect keeps the player on the site.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { NON_SPEC_ROUTES } from '../app/non-spec-routes.ts';
import { SPEC_ROUTES } from '../app/spec-routes.ts';
import { freshUsername, NEW_PASSWORD, registerThroughApi } from './accounts-support.ts';
import { CSRF, waitForApp } from './support/app.ts';
import { builtRoutes } from './support/built-routes.ts';

const BUILT = builtRoutes();
/** These sign the visitor in (or spend a token) when opened: visited on their own, in a fresh context. */
const SIGN_IN_ROUTES = new Set(['/trial/$id', '/login-token/$token']);
const VERIFY_ROUTE = '/verify/$drawType/$issueNumber';

/** One sample URL of every route the router has (the spec table covers them all: tests/e2e/access.spec.ts checks that). */
function routeSamples(drawnIssue: string): string[] {
  return [...SPEC_ROUTES, ...NON_SPEC_ROUTES].filter((spec) => BUILT.has(spec.path) && !SIGN_IN_ROUTES.has(spec.path)).map((spec) =>
    spec.path === VERIFY_ROUTE ? `/verify/UUFFC/${drawnIssue}` : spec.sample,
  );
}

interface CspWatch {
  /** Every violation and CSP or Permissions-Policy console message so far, each with the page it happened on. */
  reports: string[];
  at(label: string): void;
}

/**
 * Violations as the page sees them (`securitypolicyviolation`, listened for before any page script
 * runs) and as the browser logs them (console), for every page and frame of the context.
 */
async function watchCsp(context: BrowserContext): Promise<CspWatch> {
  const reports: string[] = [];
  let where = '(before the first page)';
  await context.exposeFunction('__jinliReportViolation', (text: string) => reports.push(`${where}: ${text}`));
  await context.addInitScript(() => {
    const report = (window as unknown as { __jinliReportViolation?: (text: string) => void }).__jinliReportViolation;
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        report?.(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`);
      },
      true,
    );
  });
  context.on('console', (message) => {
    if (/content.security.policy|permissions.policy|refused to/i.test(message.text())) reports.push(`${where}: console ${message.type()}: ${message.text()}`);
  });
  return { reports, at: (label) => (where = label) };
}

async function openPage(page: Page, watch: CspWatch, path: string): Promise<void> {
  watch.at(path);
  const response = await page.goto(path);
  expect(response?.headers()['content-security-policy'], `${path} is served with the policy`).toMatch(/script-src 'self' 'sha256-/);
  await waitForApp(page);
  await expect(page.locator('#main')).not.toBeEmpty();
}

/** A drawn platform issue of UUFFC (a draw a minute), to verify in the browser. */
async function drawnIssue(page: Page): Promise<string> {
  let issue: string | undefined;
  await expect(async () => {
    const response = await page.request.get('/ajax/draws/UUFFC/results?count=5');
    const { results } = (await response.json()) as { results: { issueNumber: string; state: string; seed: string | null }[] };
    issue = results.find((r) => (r.state === 'DRAWN' || r.state === 'SETTLED') && r.seed)?.issueNumber;
    expect(issue, 'a drawn UUFFC issue').toBeTruthy();
  }).toPass({ timeout: 240_000, intervals: [2_000] });
  return issue!;
}

async function newPlayer(context: BrowserContext): Promise<string> {
  const username = freshUsername('csp');
  await registerThroughApi(context.request, username);
  return username;
}

async function logInThroughApi(context: BrowserContext, username: string): Promise<void> {
  const response = await context.request.put('/ajax/login', { data: { username, password: NEW_PASSWORD }, headers: CSRF });
  expect(response.status(), await response.text()).toBe(200);
}

test('the watcher sees a violation: an injected inline script is refused and reported', async ({ page, context }) => {
  const watch = await watchCsp(context);
  // The shell's own two inline scripts ran without a report: their hashes are in the policy.
  await openPage(page, watch, '/help');
  expect(watch.reports).toEqual([]);
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.append(script);
  });
  // Both channels see it: the page's event and the browser's console.
  await expect.poll(() => watch.reports.filter((r) => /^\/help: script-src(-elem)? refused inline /.test(r)).length).toBeGreaterThan(0);
  await expect.poll(() => watch.reports.filter((r) => /console error: .*Content Security Policy/.test(r)).length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});

for (const visitor of ['visitor', 'player'] as const) {
  test(`every page as a ${visitor}: no CSP violation, the verification page verifies`, async ({ page, context }) => {
    test.setTimeout(420_000);
    const watch = await watchCsp(context);
    if (visitor === 'player') await logInThroughApi(context, await newPlayer(context));
    const issue = await drawnIssue(page);
    // A logged-in visitor's launch page hands over to the provider's game (its own origin and policy)
    // at once; the launch page's own policy is checked as a visitor, who gets the login form there.
    const paths = routeSamples(issue).filter((path) => visitor === 'visitor' || !path.startsWith('/third-party-game/game'));
    for (const path of paths) {
      await test.step(path, async () => {
        await openPage(page, watch, path);
        if (path.startsWith('/verify/UUFFC/')) {
          await expect(page.getByTestId('verification-report')).toHaveAttribute('data-verdict', 'PASS');
          await expect(page.getByTestId('verification-verdict')).toContainText('验证通过');
        }
      });
    }
    expect(watch.reports).toEqual([]);
  });
}

test('the sign-in routes: no CSP violation, and their POSTs pass the origin check', async ({ page, context }) => {
  const watch = await watchCsp(context);
  const samples = SPEC_ROUTES.filter((s) => BUILT.has(s.path) && SIGN_IN_ROUTES.has(s.path)).map((s) => s.sample);
  expect(samples).toEqual(['/trial/demo-reg', '/login-token/x']);
  await openPage(page, watch, '/trial/demo-reg');
  // The trial account is opened by a POST from the page: the referrer policy keeps its Origin header real.
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByTestId('lobby')).toBeVisible();
  await openPage(page, watch, '/login-token/x');
  await expect(page.getByTestId('entry-failure')).toBeVisible();
  expect(watch.reports).toEqual([]);
});

test('the service worker installs and serves the shell under the policy', async ({ page, context }) => {
  const watch = await watchCsp(context);
  await logInThroughApi(context, await newPlayer(context));
  await openPage(page, watch, '/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  for (const path of ['/', '/help', '/account/center', '/game/regular/UUFFC']) {
    await test.step(path, async () => {
      await openPage(page, watch, path);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
    });
  }
  expect(watch.reports).toEqual([]);
});

test.describe('login with an off-site redirect (defect 4)', () => {
  for (const redirect of ['https://evil.example/x', '//evil.example/x', '/\\evil.example/x', '/%2F%2Fevil.example/x']) {
    test(`redirect=${redirect} keeps the player on the site`, async ({ page, context, baseURL }) => {
      const watch = await watchCsp(context);
      const username = await newPlayer(context);
      const offSite: string[] = [];
      await context.route((url) => url.hostname.endsWith('evil.example'), (route) => {
        offSite.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>evil</p>' });
      });
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(frame.url());
      });

      await openPage(page, watch, `/?${new URLSearchParams({ auth: 'login', redirect })}`);
      const modal = page.getByTestId('login-modal');
      await modal.getByLabel('用户名').fill(username);
      await modal.getByLabel('密码', { exact: true }).fill(NEW_PASSWORD);
      await modal.getByRole('button', { name: '登录' }).click();
      await expect(modal).toHaveCount(0);
      await expect(page.getByTestId('lobby')).toBeVisible();
      // Logged in: the session is this player's.
      const session = (await (await page.request.get('/ajax/current-customer')).json()) as { name: string } | null;
      expect(session?.name).toBe(username);

      const origin = new URL(baseURL!).origin;
      expect(new URL(page.url()).origin).toBe(origin);
      expect(visited.filter((url) => new URL(url).origin !== origin)).toEqual([]);
      expect(offSite).toEqual([]);
      expect(watch.reports).toEqual([]);
    });
  }
});

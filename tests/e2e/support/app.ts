// Shared helpers for the browser tests: demo sessions (logged in once per worker, then reused as
// cookies so the login rate limit is never hit), waiting for startup, and publishing live events.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';
export const CSRF = { 'x-jinli-request': '1' };

export const VISITORS = {
  anonymous: null,
  trial: 'demo_trial',
  player: 'demo_player',
  agent: 'demo_agent',
} as const;
export type Visitor = keyof typeof VISITORS;
export const VISITOR_KINDS = Object.keys(VISITORS) as Visitor[];

type Cookie = Awaited<ReturnType<BrowserContext['cookies']>>[number];
const sessions = new Map<string, Cookie[]>();

/** Logs in through the API; the cookies are kept for the next test that needs the same account. */
export async function loginAs(context: BrowserContext, visitor: Visitor, fresh = false): Promise<void> {
  const username = VISITORS[visitor];
  if (!username) return;
  const cached = sessions.get(username);
  if (cached && !fresh) {
    await context.addCookies(cached);
    return;
  }
  const response = await context.request.put('/ajax/login', { data: { username, password: DEMO_PASSWORD }, headers: CSRF });
  if (!response.ok()) throw new Error(`login ${username} failed: ${response.status()} ${await response.text()}`);
  if (!fresh) sessions.set(username, await context.cookies());
}

/** Startup finished: the startup element is gone and the shell is rendered. */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-app-state="ready"]').waitFor({ state: 'attached', timeout: 15_000 });
  await page.getByTestId('header').waitFor();
}

export async function publishEvent(request: APIRequestContext, username: string, type: string, payload: unknown): Promise<void> {
  const response = await request.post('/ajax/test/publish-event', { data: { username, type, payload }, headers: CSRF });
  if (!response.ok()) throw new Error(`publish failed: ${response.status()} ${await response.text()}`);
}

export const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

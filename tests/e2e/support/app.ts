// Shared helpers for the browser tests: accounts of the test's own (made through the NODE_ENV=test
// route, shaped like the demo accounts, then logged in through the real login), waiting for startup,
// and publishing live events. No test logs in to a shared demo account: another test's bet, settlement
// or failed login would change what it asserts on.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

export const CSRF = { 'x-jinli-request': '1' };

export type Visitor = 'anonymous' | 'trial' | 'player' | 'agent';
export const VISITOR_KINDS: readonly Visitor[] = ['anonymous', 'trial', 'player', 'agent'];

interface AccountShape {
  kind: 'PLAYER' | 'AGENT' | 'TRIAL';
  alias: string;
  vipLevel: 'NOT_VIP' | 'VIP_1' | 'VIP_2';
  /** Whole 元. */
  funds: number;
}

/** As the demo accounts of src/server/db/seed.ts: the pages were designed against those. */
const SHAPES: Record<Exclude<Visitor, 'anonymous'>, AccountShape> = {
  player: { kind: 'PLAYER', alias: '锦鲤玩家', vipLevel: 'VIP_1', funds: 10_000 },
  agent: { kind: 'AGENT', alias: '演示代理', vipLevel: 'VIP_1', funds: 20_000 },
  trial: { kind: 'TRIAL', alias: '试玩玩家', vipLevel: 'NOT_VIP', funds: 2_000 },
};

export interface TestAccount {
  username: string;
  password: string;
  alias: string;
  /** Starting balance in 0.0001 元. */
  balance: number;
}

/** A new account of this kind that no other test uses. */
export async function createAccount(
  request: APIRequestContext,
  visitor: Exclude<Visitor, 'anonymous'>,
  overrides: Partial<AccountShape> = {},
): Promise<TestAccount> {
  const shape = { ...SHAPES[visitor], ...overrides };
  const response = await request.post('/ajax/test/accounts', { data: shape, headers: CSRF });
  if (!response.ok()) throw new Error(`test account: ${response.status()} ${await response.text()}`);
  const { username, password } = (await response.json()) as { username: string; password: string };
  return { username, password, alias: shape.alias, balance: shape.funds * 10_000 };
}

/** Logs in through the API, as the login form does. */
export async function logIn(context: BrowserContext, account: Pick<TestAccount, 'username' | 'password'>): Promise<void> {
  const response = await context.request.put('/ajax/login', { data: { username: account.username, password: account.password }, headers: CSRF });
  if (!response.ok()) throw new Error(`login ${account.username} failed: ${response.status()} ${await response.text()}`);
}

/** A new account of this kind, logged in in `context` (nothing for an anonymous visitor). */
export async function loginAs(context: BrowserContext, visitor: Exclude<Visitor, 'anonymous'>, overrides?: Partial<AccountShape>): Promise<TestAccount>;
export async function loginAs(context: BrowserContext, visitor: Visitor, overrides?: Partial<AccountShape>): Promise<TestAccount | null>;
export async function loginAs(context: BrowserContext, visitor: Visitor, overrides: Partial<AccountShape> = {}): Promise<TestAccount | null> {
  if (visitor === 'anonymous') return null;
  const account = await createAccount(context.request, visitor, overrides);
  await logIn(context, account);
  return account;
}

/** Startup finished: the startup element is gone and the shell is rendered. */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-app-state="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.getByTestId('header').waitFor();
}

/**
 * The page has stopped moving: web fonts loaded, every finite CSS animation and transition (modal
 * openings, ball reveals, dice rolls) finished, and two frames painted after that. For screenshots
 * and layout measurements, instead of waiting an arbitrary time.
 */
export async function waitForAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  });
}

export async function publishEvent(request: APIRequestContext, username: string, type: string, payload: unknown): Promise<void> {
  const response = await request.post('/ajax/test/publish-event', { data: { username, type, payload }, headers: CSRF });
  if (!response.ok()) throw new Error(`publish failed: ${response.status()} ${await response.text()}`);
}

export const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

// Helpers for the back-office browser tests: operators of the test's own (POST /ajax/test/operators,
// NODE_ENV=test), signed in through the real endpoints or the sign-in page.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { totpCode, TOTP_STEP_SECONDS } from '../../src/server/backoffice/core/totp.ts';
import { CSRF } from './support/app.ts';

export type Role = 'SUPER_ADMIN' | 'FINANCE' | 'SUPPORT' | 'RISK' | 'OPERATIONS' | 'DRAW';

export interface TestOperator {
  id: number;
  username: string;
  password: string;
  /** Null until enrolled. */
  totpSecret: string | null;
}

export async function createOperator(request: APIRequestContext, role: Role, enrolled = true): Promise<TestOperator> {
  const response = await request.post('/ajax/test/operators', { data: { role, enrolled }, headers: CSRF });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as TestOperator;
}

/**
 * The operator's current code. A step is accepted once per operator, so a second sign-in within the
 * same 30 s uses the next step's code (the server accepts one step ahead).
 */
export function codeOf(operator: TestOperator, stepsAhead = 0): string {
  if (!operator.totpSecret) throw new Error(`${operator.username} is not enrolled`);
  return totpCode(operator.totpSecret, Date.now() + stepsAhead * TOTP_STEP_SECONDS * 1000);
}

/** Signs in through the API (the page's cookie jar is `request`'s when it is `context.request`). */
export async function signInThroughApi(request: APIRequestContext, operator: TestOperator): Promise<void> {
  const password = await request.post('/ajax/backoffice/sign-in/password', { data: { username: operator.username, password: operator.password }, headers: CSRF });
  expect(password.ok(), await password.text()).toBe(true);
  const code = await request.post('/ajax/backoffice/sign-in/code', { data: { code: codeOf(operator) }, headers: CSRF });
  expect(code.ok(), await code.text()).toBe(true);
}

/** The password step of the sign-in page. */
export async function enterPassword(page: Page, operator: TestOperator): Promise<void> {
  await page.getByLabel('用户名').fill(operator.username);
  await page.getByLabel('密码').fill(operator.password);
  await page.getByRole('button', { name: '下一步' }).click();
}

/** The side navigation's entries. */
export async function navEntries(page: Page): Promise<string[]> {
  const nav = page.getByTestId('backoffice-nav');
  await expect(nav).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim());
}

// Helpers for the accounts browser tests: the captcha answer and the outbox code come from the
// NODE_ENV=test routes of src/server/testing/routes.ts; fresh players are registered through the API.
import type { APIRequestContext, Page } from '@playwright/test';
import pg from 'pg';
import { CSRF } from './support/app.ts';

export const REGISTRATION_ID = 'demo-reg';
export const NEW_PASSWORD = 'abc12345';

let counter = 0;
/** A username no other run of the suite has used (6–16 letters, digits, underscore). */
export function freshUsername(prefix = 'p'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`.slice(0, 16);
}

/** An 11-digit phone number starting with 1 that no other test uses. */
export function freshPhone(): string {
  return `139${String(Date.now()).slice(-7)}${counter % 10}`;
}

export async function captchaAnswer(request: APIRequestContext, captchaId: string): Promise<string> {
  const response = await request.get(`/ajax/test/captcha/${encodeURIComponent(captchaId)}/answer`);
  if (!response.ok()) throw new Error(`captcha answer: ${response.status()}`);
  return ((await response.json()) as { answer: string }).answer;
}

export async function outboxCode(request: APIRequestContext, destination: string): Promise<string> {
  const response = await request.get(`/ajax/test/outbox/${encodeURIComponent(destination)}`);
  if (!response.ok()) throw new Error(`outbox: ${response.status()}`);
  return ((await response.json()) as { code: string }).code;
}

/** Registers through the API (as the form does) and returns the one-time login token. */
export async function registerThroughApi(request: APIRequestContext, username: string, password = NEW_PASSWORD): Promise<string> {
  const captcha = (await (await request.get('/ajax/captcha')).json()) as { id: string };
  const answer = await captchaAnswer(request, captcha.id);
  const response = await request.post(`/ajax/registration-link/${REGISTRATION_ID}/register`, {
    headers: CSRF,
    data: {
      username,
      password,
      confirmPassword: password,
      ageConfirmed: true,
      agreementAccepted: true,
      captchaId: captcha.id,
      captcha: answer,
    },
  });
  if (!response.ok()) throw new Error(`register ${username}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { loginToken: string }).loginToken;
}

/** Fills the captcha of the open register form from the picture's id. */
export async function solveCaptcha(page: Page): Promise<void> {
  const image = page.getByTestId('captcha-image');
  await image.waitFor();
  const id = await image.getAttribute('data-captcha-id');
  if (!id) throw new Error('captcha without id');
  await page.getByLabel('验证码', { exact: true }).fill(await captchaAnswer(page.request, id));
}

/**
 * A player made by hand (no registration link) whose first login is pending: there is no API for
 * agents' manual creation yet, so the row is adjusted directly.
 */
export async function makeManualFirstLogin(username: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query('UPDATE customers SET first_login = true, registration_link_id = NULL WHERE username_key = $1', [username.toLowerCase()]);
  } finally {
    await client.end();
  }
}

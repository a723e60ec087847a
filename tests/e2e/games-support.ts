// Helpers of the game-page browser tests: the API as the ledger sees it (balance, order detail), the
// sales window of a periodic draw, and reading the order a page placed.
import { expect, type Page, type Request, type Response } from '@playwright/test';

export interface OrderBetView {
  code: string;
  selection: unknown;
  mode: string | null;
  multiplier: number | null;
  prizeGroup: number | null;
  betCount: number;
  stake: number;
  payout: number;
  rebate: number;
}

export interface OrderView {
  orderId: string;
  drawType: string;
  playMode: 'REGULAR' | 'BOARD';
  issueNumber: string;
  status: string;
  betCount: number;
  totalStake: number;
  payout: number;
  rebate: number;
  result: number[] | null;
  bets: OrderBetView[];
}

export async function apiBalance(page: Page): Promise<number> {
  const response = await page.request.get('/ajax/wallet/main-wallet-balance');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { balance: number }).balance;
}

export async function apiOrder(page: Page, orderId: string): Promise<OrderView> {
  const response = await page.request.get(`/ajax/orders/${orderId}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as OrderView;
}

export async function apiOrderCount(page: Page, drawType: string): Promise<number> {
  const response = await page.request.get(`/ajax/orders?drawType=${drawType}&pageSize=1`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { total: number }).total;
}

/** 0.0001 元 units → "¥12.34", floored like the app's formatMoney. */
export function yuanText(units: number): string {
  const cents = Math.floor(units / 100);
  return `¥${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "¥1,234.56" / "¥12.34" → 0.0001 元 units. */
export function moneyFromText(text: string): number {
  const match = /(-?)¥([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${text}`);
  const [, sign, whole, cents] = match;
  const units = (Number(whole!.replace(/,/g, '')) * 100 + Number(cents)) * 100;
  return sign === '-' ? -units : units;
}

/** Seconds left on the issue bar's countdown while sales are open, or -1 when they are not. */
async function openSeconds(page: Page): Promise<number> {
  const bar = page.getByTestId('issue-bar');
  if ((await bar.getByTestId('issue-number').count()) === 0) return -1;
  const timer = bar.getByRole('timer');
  const label = (await timer.getAttribute('aria-label')) ?? '';
  if (!label.startsWith('距封盘')) return -1;
  const [m, s] = ((await timer.textContent()) ?? '00:00').split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
}

/** Waits until the issue on sale has at least `seconds` left (1-minute draws sell 30 s a minute). */
export async function waitForOpenSales(page: Page, seconds = 15, timeout = 75_000): Promise<void> {
  await expect.poll(() => openSeconds(page), { timeout, intervals: [500] }).toBeGreaterThanOrEqual(seconds);
}

export interface PlacedOrder {
  request: { bets: Record<string, unknown>[]; clientKey: string; issueNumber?: string; playMode: string };
  order: OrderView;
  balance: number;
}

/** Clicks 确认投注 and returns what the page sent and what the server answered. */
export async function confirmOrder(page: Page): Promise<PlacedOrder> {
  const isOrderPost = (r: Request | Response) => {
    const request = 'request' in r ? r.request() : r;
    return request.method() === 'POST' && new URL(request.url()).pathname === '/ajax/orders';
  };
  const [request, response] = await Promise.all([
    page.waitForRequest(isOrderPost),
    page.waitForResponse(isOrderPost),
    page.getByTestId('confirm-order').getByRole('button', { name: '确认投注' }).click(),
  ]);
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { order: OrderView; balance: number };
  return { request: request.postDataJSON() as PlacedOrder['request'], order: body.order, balance: body.balance };
}

/** Waits (on the page) until the order shows as settled in 我的投注. */
export async function waitForSettled(page: Page, orderId: string, timeout = 150_000): Promise<void> {
  const row = page.locator(`[data-testid="my-order"][data-order-id="${orderId}"]`);
  await expect(row).toBeVisible();
  await expect(row).not.toHaveAttribute('data-status', 'PENDING', { timeout });
}

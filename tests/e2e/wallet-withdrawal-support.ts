// Helpers of the withdrawal browser tests: a bank card number nobody else binds, and a player made
// ready to withdraw through the real API (money password, a bound card, requests).
import { expect, type APIRequestContext } from '@playwright/test';
import { CSRF } from './support/app.ts';

export const MONEY_PASSWORD = 'pay2026ab';

/** A 16-digit card number passing the Luhn check, different on every call. */
export function freshCardNumber(): string {
  const body = `6222${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export async function setMoneyPassword(request: APIRequestContext): Promise<void> {
  const response = await request.put('/ajax/customer/money-password', {
    data: { newMoneyPassword: MONEY_PASSWORD, confirmMoneyPassword: MONEY_PASSWORD },
    headers: CSRF,
  });
  expect(response.ok(), await response.text()).toBe(true);
}

export async function bindBankCard(request: APIRequestContext, accountNumber = freshCardNumber()): Promise<{ id: number; label: string }> {
  const response = await request.post('/ajax/wallet/payout-accounts', {
    data: { kind: 'BANK', bankCode: 'ICBC', accountNumber, branch: '北京朝阳支行', realName: '张三', moneyPassword: MONEY_PASSWORD },
    headers: CSRF,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { id: number; label: string };
}

export interface RequestedWithdrawal {
  id: number;
  reference: string;
  status: string;
}

/** A withdrawal of whole 元 through the API. */
export async function requestWithdrawal(request: APIRequestContext, payoutAccountId: number, yuan: number): Promise<RequestedWithdrawal> {
  const response = await request.post('/ajax/wallet/withdrawal', {
    data: { payoutAccountId, amount: String(yuan), moneyPassword: MONEY_PASSWORD, clientKey: crypto.randomUUID() },
    headers: CSRF,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as RequestedWithdrawal;
}

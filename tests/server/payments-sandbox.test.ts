// The sandbox gateway service through the platform's sandbox adapter: payment and payout lifecycles,
// notifications with retries until acknowledged, and every fault control.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayInDoubtError, GatewayUnavailableError, type PaymentState, type PayoutState } from '../../src/server/payments/gateway.ts';
import { SandboxGatewayAdapter } from '../../src/server/payments/sandbox-adapter.ts';
import { yuan } from '../../src/shared/money.ts';
import { NO_FAULTS } from '../../src/shared/payments/sandbox-faults.ts';
import { startReceiver, type NotificationReceiver } from '../support/payment-receiver.ts';
import { freePort, startSandboxGateway, type SandboxGatewayProcess } from '../support/payments.ts';

let gateway: SandboxGatewayProcess;
let adapter: SandboxGatewayAdapter;
let receiver: NotificationReceiver;
let counter = 0;
const orderId = () => `T${Date.now().toString(36)}${counter++}`;

beforeAll(async () => {
  gateway = await startSandboxGateway({ SANDBOX_NOTIFY_RETRY_BASE_MS: '40', SANDBOX_PAYOUT_HOLD_MS: '1500' });
  adapter = new SandboxGatewayAdapter({ gatewayUrl: gateway.url, merchantId: gateway.merchantId, secret: gateway.secret, timeoutMs: 600 });
  receiver = await startReceiver(() => adapter);
});
afterAll(async () => {
  await receiver?.close();
  await gateway?.kill();
});
beforeEach(async () => {
  await gateway.resetFaults();
  await gateway.notificationsSettled();
  receiver.refuseNext(0);
});

function createPayment(amount = yuan(500), expiresInMs = 60_000) {
  const merchantOrderId = orderId();
  return adapter
    .createPayment({
      merchantOrderId,
      amount,
      currency: 'CNY',
      method: 'ALIPAY_SCAN',
      notifyUrl: receiver.url,
      returnUrl: 'http://127.0.0.1:1/return',
      expiresAt: new Date(Date.now() + expiresInMs),
    })
    .then((created) => ({ merchantOrderId, ...created }));
}

function createPayout(merchantPayoutId = orderId()) {
  return adapter.createPayout({
    merchantPayoutId,
    amount: yuan(300),
    currency: 'CNY',
    destination: { kind: 'BANK', channel: 'ICBC', account: '6222020000000000000', holderName: '张三', branch: '北京分行' },
    notifyUrl: receiver.url,
  });
}

const paymentNotices = (id: string) =>
  receiver.deliveries.flatMap((d) => (d.notification?.kind === 'payment' && d.notification.state.merchantOrderId === id ? [d] : []));
const payoutNotices = (id: string) =>
  receiver.deliveries.flatMap((d) => (d.notification?.kind === 'payout' && d.notification.state.merchantPayoutId === id ? [d] : []));
const allFor = (id: string) => receiver.deliveries.filter((d) => d.rawBody.includes(`"${id}"`));

describe('payments', () => {
  it('goes PENDING → PAID through the payer, is queryable and notified once acknowledged', async () => {
    const payment = await createPayment();
    expect(payment.cashierUrl).toBe(`${gateway.url}/cashier/${payment.gatewayPaymentId}`);
    expect(await adapter.queryPayment(payment.merchantOrderId)).toMatchObject({ status: 'PENDING', paidAmount: null });
    await gateway.pay(payment.gatewayPaymentId);
    await gateway.notificationsSettled();
    const state: PaymentState = { gatewayPaymentId: payment.gatewayPaymentId, merchantOrderId: payment.merchantOrderId, status: 'PAID', paidAmount: yuan(500), currency: 'CNY' };
    expect(await adapter.queryPayment(payment.merchantOrderId)).toEqual(state);
    const notices = paymentNotices(payment.merchantOrderId);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.notification!.state).toEqual(state);
    expect(notices[0]!.acknowledged).toBe(true);
  });

  it('declines, refuses a second decision and a second payment for the same order', async () => {
    const payment = await createPayment();
    await gateway.decline(payment.gatewayPaymentId);
    await expect(gateway.pay(payment.gatewayPaymentId)).rejects.toThrow(GatewayUnavailableError);
    expect(await adapter.queryPayment(payment.merchantOrderId)).toMatchObject({ status: 'DECLINED', paidAmount: null });
    // 409: a payment under this reference exists, so the outcome is learnt by querying (in doubt), not taken as "not created".
    await expect(
      adapter.createPayment({ merchantOrderId: payment.merchantOrderId, amount: yuan(1), currency: 'CNY', method: 'X', notifyUrl: receiver.url, returnUrl: receiver.url, expiresAt: new Date(Date.now() + 60_000) }),
    ).rejects.toThrow(GatewayInDoubtError);
    await gateway.notificationsSettled();
    expect(paymentNotices(payment.merchantOrderId).map((d) => d.notification!.state.status)).toEqual(['DECLINED']);
  });

  it('expires, notifies EXPIRED, and a late bank settlement still pays it (notified PAID)', async () => {
    const payment = await createPayment(yuan(50), 150);
    await receiver.waitFor(() => paymentNotices(payment.merchantOrderId).some((d) => d.notification!.state.status === 'EXPIRED'));
    expect(await adapter.queryPayment(payment.merchantOrderId)).toMatchObject({ status: 'EXPIRED' });
    await expect(gateway.pay(payment.gatewayPaymentId)).rejects.toThrow(GatewayUnavailableError);
    await gateway.pay(payment.gatewayPaymentId, { late: true });
    await gateway.notificationsSettled();
    expect(paymentNotices(payment.merchantOrderId).map((d) => d.notification!.state.status)).toEqual(['EXPIRED', 'PAID']);
  });

  it('answers null for an order it never saw', async () => {
    expect(await adapter.queryPayment('never-created')).toBeNull();
    expect(await adapter.queryPayout('never-created')).toBeNull();
  });

  it('pays a different amount when the payer does (under- or over-payment)', async () => {
    const payment = await createPayment(yuan(100));
    await gateway.pay(payment.gatewayPaymentId, { amount: yuan(99) });
    expect(await adapter.queryPayment(payment.merchantOrderId)).toMatchObject({ status: 'PAID', paidAmount: yuan(99) });
  });
});

describe('cashier page', () => {
  it('shows 沙箱支付, merchant, amount and order, with forms that redirect back (303)', async () => {
    const payment = await createPayment(yuan(500));
    const page = await fetch(payment.cashierUrl);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    for (const text of ['沙箱支付', '不产生真实扣款', '¥500.00', payment.merchantOrderId, '确认支付', '拒绝支付', '商户']) expect(html).toContain(text);
    expect(html).not.toContain('<script');
    const pay = await fetch(`${payment.cashierUrl}/pay`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe('http://127.0.0.1:1/return');
    expect(await adapter.queryPayment(payment.merchantOrderId)).toMatchObject({ status: 'PAID' });
  });

  it('says 订单已过期 for an expired payment and refuses to pay it', async () => {
    const payment = await createPayment(yuan(5), 1);
    await receiver.waitFor(() => paymentNotices(payment.merchantOrderId).length > 0);
    expect(await (await fetch(payment.cashierUrl)).text()).toContain('订单已过期');
    const pay = await fetch(`${payment.cashierUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(`/cashier/${payment.gatewayPaymentId}`);
    expect(await adapter.queryPayment(payment.merchantOrderId)).toMatchObject({ status: 'EXPIRED' });
  });

  it('declines through the form', async () => {
    const payment = await createPayment();
    const decline = await fetch(`${payment.cashierUrl}/decline`, { method: 'POST', redirect: 'manual' });
    expect(decline.status).toBe(303);
    expect(await adapter.queryPayment(payment.merchantOrderId)).toMatchObject({ status: 'DECLINED' });
  });
});

describe('payouts', () => {
  it('is PROCESSING on create, then PAID and notified; a second create answers the first', async () => {
    const id = orderId();
    const first = await createPayout(id);
    expect(first).toMatchObject({ merchantPayoutId: id, status: 'PROCESSING', amount: yuan(300), failureReason: null });
    const again = await createPayout(id);
    expect(again.gatewayPayoutId).toBe(first.gatewayPayoutId);
    await gateway.notificationsSettled();
    const paid: PayoutState = { ...first, status: 'PAID' };
    expect(await adapter.queryPayout(id)).toEqual(paid);
    expect(payoutNotices(id).map((d) => d.notification!.state)).toEqual([paid]);
  });

  it('fails with a reason when payoutOutcome is FAILED', async () => {
    await gateway.setFaults({ payoutOutcome: 'FAILED' });
    const id = orderId();
    await createPayout(id);
    await gateway.notificationsSettled();
    const state = await adapter.queryPayout(id);
    expect(state).toMatchObject({ status: 'FAILED' });
    expect(state!.failureReason).toMatch(/沙箱/);
  });
});

describe('notification retries', () => {
  it('retries with growing back-off until the merchant acknowledges, with the same notificationId', async () => {
    receiver.refuseNext(4);
    const payment = await createPayment();
    await gateway.pay(payment.gatewayPaymentId);
    await gateway.notificationsSettled();
    const attempts = paymentNotices(payment.merchantOrderId);
    expect(attempts.map((d) => d.acknowledged)).toEqual([false, false, false, false, true]);
    expect(new Set(attempts.map((d) => d.notification!.notificationId)).size).toBe(1);
    const gaps = attempts.slice(1).map((d, i) => d.at - attempts[i]!.at);
    // Base 40 ms, doubling: each gap at least its scheduled back-off, and they grow.
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(40 * 2 ** i - 5));
    expect(gaps[3]!).toBeGreaterThan(gaps[0]!);
  });

  it('gives up after the configured number of attempts', async () => {
    const before = (await gateway.notificationStats()).abandoned;
    receiver.refuseNext(1000);
    const payment = await createPayment();
    await gateway.pay(payment.gatewayPaymentId);
    await gateway.notificationsSettled(30_000);
    receiver.refuseNext(0);
    expect(paymentNotices(payment.merchantOrderId)).toHaveLength(10);
    expect((await gateway.notificationStats()).abandoned).toBe(before + 1);
  });
});

describe('faults', () => {
  it('reads and sets the faults through the adapter controls, and refuses invalid ones', async () => {
    expect(await adapter.controls.getFaults()).toEqual(NO_FAULTS);
    const changed = await adapter.controls.setFaults({ ...NO_FAULTS, delayMs: 5, payoutOutcome: 'FAILED' });
    expect(changed).toMatchObject({ delayMs: 5, payoutOutcome: 'FAILED' });
    await expect(adapter.controls.setFaults({ ...NO_FAULTS, delayMs: -1 })).rejects.toThrow(GatewayUnavailableError);
    expect(await adapter.controls.getFaults()).toMatchObject({ delayMs: 5 });
  });

  it('down: every merchant request is refused with 503 → GatewayUnavailableError, nothing is created', async () => {
    await gateway.setFaults({ down: true });
    const merchantOrderId = orderId();
    await expect(
      adapter.createPayment({ merchantOrderId, amount: yuan(1), currency: 'CNY', method: 'X', notifyUrl: receiver.url, returnUrl: receiver.url, expiresAt: new Date(Date.now() + 60_000) }),
    ).rejects.toThrow(GatewayUnavailableError);
    await expect(adapter.queryPayment(merchantOrderId)).rejects.toThrow(GatewayUnavailableError);
    await gateway.setFaults({ down: false });
    expect(await adapter.queryPayment(merchantOrderId)).toBeNull();
  });

  it('delayMs: answers later than the client waits → GatewayInDoubtError, but the payment exists', async () => {
    await gateway.setFaults({ delayMs: 1_000 });
    const merchantOrderId = orderId();
    await expect(
      adapter.createPayment({ merchantOrderId, amount: yuan(1), currency: 'CNY', method: 'X', notifyUrl: receiver.url, returnUrl: receiver.url, expiresAt: new Date(Date.now() + 60_000) }),
    ).rejects.toThrow(GatewayInDoubtError);
    await gateway.setFaults({ delayMs: 0 });
    expect(await adapter.queryPayment(merchantOrderId)).toMatchObject({ status: 'PENDING' });
  });

  it('payoutTimeout: create and query time out, the payout is processed anyway', async () => {
    await gateway.setFaults({ payoutTimeout: true });
    const id = orderId();
    await expect(createPayout(id)).rejects.toThrow(GatewayInDoubtError);
    await expect(adapter.queryPayout(id)).rejects.toThrow(GatewayInDoubtError);
    await gateway.setFaults({ payoutTimeout: false });
    await receiver.waitFor(() => payoutNotices(id).length > 0);
    expect(await adapter.queryPayout(id)).toMatchObject({ status: 'PAID' });
  });

  it('duplicateNotifications: each notification is delivered twice with the same id', async () => {
    await gateway.setFaults({ duplicateNotifications: true });
    const payment = await createPayment();
    await gateway.pay(payment.gatewayPaymentId);
    await gateway.notificationsSettled();
    const notices = paymentNotices(payment.merchantOrderId);
    expect(notices).toHaveLength(2);
    expect(notices.every((d) => d.acknowledged)).toBe(true);
    expect(notices[0]!.notification!.notificationId).toBe(notices[1]!.notification!.notificationId);
  });

  it('reorderNotifications: held notifications arrive newest first', async () => {
    await gateway.setFaults({ reorderNotifications: true });
    const payment = await createPayment(yuan(10), 100);
    // EXPIRED first (held), then the late settlement PAID (held); released newest first.
    while ((await adapter.queryPayment(payment.merchantOrderId))?.status !== 'EXPIRED') await new Promise((r) => setTimeout(r, 20));
    await gateway.pay(payment.gatewayPaymentId, { late: true });
    await gateway.setFaults({ reorderNotifications: false });
    await gateway.notificationsSettled();
    expect(paymentNotices(payment.merchantOrderId).map((d) => d.notification!.state.status)).toEqual(['PAID', 'EXPIRED']);
  });

  it('wrongSignature: the adapter refuses the notifications; once fixed, the retry is accepted', async () => {
    await gateway.setFaults({ wrongSignature: true });
    const payment = await createPayment();
    await gateway.pay(payment.gatewayPaymentId);
    await receiver.waitFor(() => allFor(payment.merchantOrderId).length >= 2);
    expect(allFor(payment.merchantOrderId).every((d) => d.notification === null)).toBe(true);
    await gateway.setFaults({ wrongSignature: false });
    await gateway.notificationsSettled();
    const last = allFor(payment.merchantOrderId).at(-1)!;
    expect(last.notification).toMatchObject({ kind: 'payment', state: { status: 'PAID' } });
    expect(last.acknowledged).toBe(true);
  });

  it('notificationDelayMs: the first attempt waits', async () => {
    await gateway.setFaults({ notificationDelayMs: 400 });
    const payment = await createPayment();
    const paidAt = Date.now();
    await gateway.pay(payment.gatewayPaymentId);
    await gateway.notificationsSettled();
    expect(paymentNotices(payment.merchantOrderId)[0]!.at - paidAt).toBeGreaterThanOrEqual(390);
  });

  it('paidAmountOffset: the payer pays the order amount plus the offset', async () => {
    await gateway.setFaults({ paidAmountOffset: -yuan(1) });
    const payment = await createPayment(yuan(100));
    await gateway.pay(payment.gatewayPaymentId);
    expect(await adapter.queryPayment(payment.merchantOrderId)).toMatchObject({ status: 'PAID', paidAmount: yuan(99) });
  });
});

describe('transport errors', () => {
  it('a refused connection is GatewayUnavailableError', async () => {
    const nowhere = new SandboxGatewayAdapter({ gatewayUrl: `http://127.0.0.1:${await freePort()}`, merchantId: gateway.merchantId, secret: gateway.secret, timeoutMs: 1_000 });
    await expect(nowhere.queryPayment('x')).rejects.toThrow(GatewayUnavailableError);
    await expect(createPayoutWith(nowhere)).rejects.toThrow(GatewayUnavailableError);
  });

  it('a wrong secret: the gateway refuses (401 → unavailable)', async () => {
    const wrong = new SandboxGatewayAdapter({ gatewayUrl: gateway.url, merchantId: gateway.merchantId, secret: 'x'.repeat(32), timeoutMs: 1_000 });
    await expect(wrong.queryPayment('x')).rejects.toThrow(GatewayUnavailableError);
  });
});

function createPayoutWith(client: SandboxGatewayAdapter) {
  return client.createPayout({
    merchantPayoutId: orderId(),
    amount: yuan(1),
    currency: 'CNY',
    destination: { kind: 'USDT', channel: 'TRC20', account: 'T'.padEnd(34, 'x'), holderName: null, branch: null },
    notifyUrl: receiver.url,
  });
}

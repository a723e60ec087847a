// The sandbox gateway expires an unpaid payment on its own and says so (EXPIRED notice), even when
// its timer fires a moment before the wall clock reaches the expiry (timers and Date.now() are two
// clocks): that left the payment PENDING for good (payments-sandbox.test.ts failed on it in CI).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SandboxStore, type StoreChange } from '../../src/sandbox/gateway/store.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('sandbox payment expiry', () => {
  it('expires a payment whose timer fired a millisecond early', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const start = 1_800_000_000_000;
    let wall = start;
    vi.spyOn(Date, 'now').mockImplementation(() => wall);
    const changes: StoreChange[] = [];
    const store = new SandboxStore((change) => changes.push(change));
    const payment = store.createPayment({
      merchantOrderId: 'T-early',
      amount: 10_000,
      currency: 'CNY',
      channel: 'BANK',
      notifyUrl: 'http://127.0.0.1:1/notify',
      returnUrl: 'http://127.0.0.1:1/return',
      expiresAt: new Date(start + 150),
    })!;
    // The timer's 150 ms pass while the wall clock has moved 149.
    wall = start + 149;
    vi.advanceTimersByTime(150);
    wall = start + 150;
    vi.advanceTimersByTime(1);
    expect(payment.status).toBe('EXPIRED');
    expect(changes.map((c) => c.kind === 'payment' && c.payment.status)).toEqual(['EXPIRED']);
    store.close();
  });
});

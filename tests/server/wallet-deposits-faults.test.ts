// The deposit fault matrix against the sandbox gateway (issue 17 acceptance): one test per row, each
// ending in its documented state (docs/wallet/deposits.md) with the ledger reconciling and the balance
// right. Conditions are waited for, never slept on.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_UNAVAILABLE_MESSAGE } from '../../src/shared/api/deposits.ts';
import { gatewayFor } from '../../src/server/payments/registry.ts';
import { runDepositExpiryOnce } from '../../src/server/wallet/deposits/expiry.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { startWalletTestServer, type WalletTestServer } from '../support/payments.ts';
import {
  balanceOf,
  deposit,
  depositState,
  depTransfers,
  newPlayer,
  onlineDeposit,
  outcomes,
  postNotification,
  signedPaymentNotification,
  waitFor,
  waitForStatus,
} from './wallet-deposits-support.ts';

let wallet: WalletTestServer;
beforeAll(async () => {
  wallet = await startWalletTestServer({ LOGIN_RATE_PER_MINUTE: '1000' });
});
afterEach(async () => {
  await wallet.gateway.resetFaults();
});
afterAll(() => wallet?.close());

const server = () => wallet.server;
const pool = () => server().db.database.pool;
const gateway = () => gatewayFor(server().ctx.config.payments);

async function expectReconciled() {
  const report = await reconcile(pool());
  expect(report.ok, JSON.stringify(report)).toBe(true);
}

async function requiredStake(customerId: number): Promise<number> {
  const found = await pool().query<{ remaining: number }>('SELECT remaining FROM required_stakes WHERE customer_id = $1', [customerId]);
  return found.rows[0]?.remaining ?? 0;
}

describe('deposit fault matrix', () => {
  it('callback before the player returns: credited once from the notification alone, required stake added', async () => {
    const player = await newPlayer(server());
    const created = await onlineDeposit(server(), player, '500');
    await wallet.gateway.pay(created.gatewayPaymentId);
    const state = await waitForStatus(server(), created.id, ['SUCCESS']);
    expect(state).toMatchObject({ paid_amount: 5_000_000, credited_amount: 5_000_000, fee: 0 });
    expect(await balanceOf(server(), player.id)).toBe(5_000_000);
    expect(await requiredStake(player.id)).toBe(5_000_000);
    expect(await depTransfers(server(), created.reference)).toBe(1);
    await wallet.gateway.notificationsSettled();
    expect(await outcomes(server(), created.reference)).toEqual(['CREDITED']);
    await expectReconciled();
  });

  it('duplicate callback: every repeat is acknowledged and changes nothing', async () => {
    await wallet.gateway.setFaults({ duplicateNotifications: true });
    const player = await newPlayer(server());
    const created = await onlineDeposit(server(), player, '300');
    await wallet.gateway.pay(created.gatewayPaymentId);
    await waitForStatus(server(), created.id, ['SUCCESS']);
    await wallet.gateway.notificationsSettled();
    const seen = await outcomes(server(), created.reference);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.filter((o) => o.startsWith('CREDITED'))).toHaveLength(1);
    expect(seen.filter((o) => !o.startsWith('CREDITED')).every((o) => o === 'DUPLICATE' || o === 'ALREADY_CREDITED')).toBe(true);
    expect(await depTransfers(server(), created.reference)).toBe(1);
    expect(await balanceOf(server(), player.id)).toBe(3_000_000);
    await expectReconciled();
  });

  it('reordered callbacks: a stale word (pending, declined) after the payment never moves the deposit back', async () => {
    await wallet.gateway.setFaults({ reorderNotifications: true });
    const player = await newPlayer(server());
    const created = await onlineDeposit(server(), player, '200');
    await wallet.gateway.pay(created.gatewayPaymentId);
    await waitForStatus(server(), created.id, ['SUCCESS']);
    await wallet.gateway.notificationsSettled();
    for (const status of ['PENDING', 'DECLINED', 'EXPIRED'] as const) {
      const stale = signedPaymentNotification(wallet.gateway, {
        gatewayPaymentId: created.gatewayPaymentId,
        merchantOrderId: created.reference,
        status,
        amount: 2_000_000,
        paidAmount: null,
      });
      expect((await postNotification(server(), stale)).statusCode).toBe(200);
    }
    expect(await depositState(server(), created.id)).toMatchObject({ status: 'SUCCESS', credited_amount: 2_000_000 });
    expect((await outcomes(server(), created.reference)).slice(-3)).toEqual(['IGNORED_STALE', 'IGNORED_STALE', 'IGNORED_STALE']);
    expect(await balanceOf(server(), player.id)).toBe(2_000_000);
    await expectReconciled();
  });

  it('callback after expiry: the order expires, the late settlement is still credited and noted', async () => {
    const player = await newPlayer(server());
    const created = await onlineDeposit(server(), player, '100');
    const run = await runDepositExpiryOnce(server().ctx, gateway, new Date(Date.now() + 16 * 60_000));
    expect(run.expired).toBeGreaterThanOrEqual(1);
    expect(await depositState(server(), created.id)).toMatchObject({ status: 'CANCELLED', failure_reason: '已过期', transfer_id: null });
    expect(await balanceOf(server(), player.id)).toBe(0);
    await wallet.gateway.pay(created.gatewayPaymentId, { late: true });
    const state = await waitForStatus(server(), created.id, ['SUCCESS']);
    expect(state.note).toContain('逾期到账');
    expect(await outcomes(server(), created.reference)).toContain('CREDITED_LATE');
    expect(await balanceOf(server(), player.id)).toBe(1_000_000);
    await expectReconciled();
  });

  it('expiry asks the gateway first: a payment whose notification has not arrived is credited, not expired', async () => {
    await wallet.gateway.setFaults({ notificationDelayMs: 600_000 });
    const player = await newPlayer(server());
    const created = await onlineDeposit(server(), player, '100');
    await wallet.gateway.pay(created.gatewayPaymentId);
    await runDepositExpiryOnce(server().ctx, gateway, new Date(Date.now() + 16 * 60_000));
    expect(await depositState(server(), created.id)).toMatchObject({ status: 'SUCCESS', credited_amount: 1_000_000 });
    expect(await balanceOf(server(), player.id)).toBe(1_000_000);
    await expectReconciled();
  });

  it('wrong signature: refused with 401, logged, nothing changes', async () => {
    await wallet.gateway.setFaults({ wrongSignature: true });
    const player = await newPlayer(server());
    const created = await onlineDeposit(server(), player, '100');
    await wallet.gateway.pay(created.gatewayPaymentId);
    await waitFor(async () => {
      const found = await pool().query(`SELECT 1 FROM gateway_notifications WHERE outcome = 'BAD_SIGNATURE' AND NOT signature_ok AND payload LIKE $1`, [`%${created.reference}%`]);
      return (found.rowCount ?? 0) > 0 ? true : undefined;
    }, 'a refused notification');
    const forged = signedPaymentNotification({ merchantId: wallet.gateway.merchantId, secret: 'not-the-secret-at-all' }, {
      gatewayPaymentId: created.gatewayPaymentId,
      merchantOrderId: created.reference,
      status: 'PAID',
      amount: 1_000_000,
      paidAmount: 1_000_000,
    });
    const answer = await postNotification(server(), forged);
    expect(answer.statusCode).toBe(401);
    expect(await depositState(server(), created.id)).toMatchObject({ status: 'PENDING', transfer_id: null });
    expect(await balanceOf(server(), player.id)).toBe(0);
    await expectReconciled();
  });

  it('an unsigned delivery of odd bytes (NUL, 50k characters) is refused with 401 and stored only in part', async () => {
    const marker = `odd-${Date.now()}`;
    const body = `{"x":"${marker}\u0000${'字'.repeat(50_000)}"}`;
    const answer = await server().app.inject({ method: 'POST', url: '/ajax/payment/notify/sandbox', headers: { 'content-type': 'application/json' }, payload: body });
    expect(answer.statusCode).toBe(401);
    const stored = await pool().query<{ length: number; replaced: boolean }>(
      `SELECT length(payload) AS length, position(chr(65533) IN payload) > 0 AS replaced FROM gateway_notifications WHERE payload LIKE $1`,
      [`%${marker}%`],
    );
    expect(stored.rows).toEqual([{ length: 4_096, replaced: true }]);
  });

  it('under-paid: what was paid is credited, PARTIAL_SUCCESS, noted', async () => {
    await wallet.gateway.setFaults({ paidAmountOffset: -1_000_000 });
    const player = await newPlayer(server());
    const created = await onlineDeposit(server(), player, '500');
    await wallet.gateway.pay(created.gatewayPaymentId);
    const state = await waitForStatus(server(), created.id, ['PARTIAL_SUCCESS']);
    expect(state).toMatchObject({ paid_amount: 4_000_000, credited_amount: 4_000_000 });
    expect(state.note).toContain('少付');
    expect(await balanceOf(server(), player.id)).toBe(4_000_000);
    expect(await requiredStake(player.id)).toBe(4_000_000);
    await expectReconciled();
  });

  it('over-paid: the whole payment is credited (the player’s money), SUCCESS, noted for finance', async () => {
    const player = await newPlayer(server());
    const created = await onlineDeposit(server(), player, '500');
    await wallet.gateway.pay(created.gatewayPaymentId, { amount: 5_500_000 });
    const state = await waitForStatus(server(), created.id, ['SUCCESS']);
    expect(state).toMatchObject({ paid_amount: 5_500_000, credited_amount: 5_500_000 });
    expect(state.note).toContain('多付');
    expect(await outcomes(server(), created.reference)).toContain('CREDITED_OVERPAID');
    expect(await balanceOf(server(), player.id)).toBe(5_500_000);
    await expectReconciled();
  });

  it('gateway down: the deposit ends FAILED with the message, nothing credited', async () => {
    await wallet.gateway.setFaults({ down: true });
    const player = await newPlayer(server());
    const response = await deposit(server(), player, { methodCode: 'ALIPAY_SCAN', amount: '100' });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(GATEWAY_UNAVAILABLE_MESSAGE);
    const row = await pool().query('SELECT status, failure_reason, transfer_id FROM deposits WHERE customer_id = $1', [player.id]);
    expect(row.rows).toEqual([{ status: 'FAILED', failure_reason: GATEWAY_UNAVAILABLE_MESSAGE, transfer_id: null }]);
    expect(await balanceOf(server(), player.id)).toBe(0);
    await expectReconciled();
  });

  it('gateway answer lost (in doubt): the deposit stays PENDING and the expiry run settles it by querying', async () => {
    await wallet.gateway.setFaults({ delayMs: 3_000 });
    const player = await newPlayer(server());
    const response = await deposit(server(), player, { methodCode: 'ALIPAY_SCAN', amount: '100' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'PENDING', cashierUrl: null });
    await wallet.gateway.resetFaults();
    const id = response.json().id as number;
    await runDepositExpiryOnce(server().ctx, gateway, new Date(Date.now() + 16 * 60_000));
    expect((await depositState(server(), id)).status).toBe('CANCELLED');
    await expectReconciled();
  });

  it('declined at the cashier: FAILED with the reason, nothing credited', async () => {
    const player = await newPlayer(server());
    const created = await onlineDeposit(server(), player, '100');
    await wallet.gateway.decline(created.gatewayPaymentId);
    const state = await waitForStatus(server(), created.id, ['FAILED']);
    expect(state.failure_reason).toContain('支付未完成');
    expect(await balanceOf(server(), player.id)).toBe(0);
  });

  it('wrong currency: not credited, FAILED for finance to resolve', async () => {
    const player = await newPlayer(server());
    const created = await onlineDeposit(server(), player, '100');
    const answer = await postNotification(
      server(),
      signedPaymentNotification(wallet.gateway, {
        gatewayPaymentId: created.gatewayPaymentId,
        merchantOrderId: created.reference,
        status: 'PAID',
        amount: 1_000_000,
        paidAmount: 1_000_000,
        currency: 'USD',
      }),
    );
    expect(answer.statusCode).toBe(200);
    expect(await depositState(server(), created.id)).toMatchObject({ status: 'FAILED', transfer_id: null });
    expect(await outcomes(server(), created.reference)).toEqual(['WRONG_CURRENCY']);
    expect(await balanceOf(server(), player.id)).toBe(0);
  });

  it('unknown order: acknowledged and logged, nothing else', async () => {
    const answer = await postNotification(
      server(),
      signedPaymentNotification(wallet.gateway, { gatewayPaymentId: 'gp-x', merchantOrderId: 'D2099010100000000', status: 'PAID', amount: 1, paidAmount: 1 }),
    );
    expect(answer.statusCode).toBe(200);
    expect(await outcomes(server(), 'D2099010100000000')).toEqual(['UNKNOWN_ORDER']);
    await expectReconciled();
  });

  it('many identical notifications at once: one DEP', async () => {
    const player = await newPlayer(server());
    const created = await onlineDeposit(server(), player, '800');
    const notification = signedPaymentNotification(wallet.gateway, {
      gatewayPaymentId: created.gatewayPaymentId,
      merchantOrderId: created.reference,
      status: 'PAID',
      amount: 8_000_000,
      paidAmount: 8_000_000,
    });
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        fetch(`${wallet.baseUrl}/ajax/payment/notify/sandbox`, { method: 'POST', headers: notification.headers, body: notification.body }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(16).fill(200));
    const seen = await outcomes(server(), created.reference);
    expect(seen.filter((o) => o === 'CREDITED')).toHaveLength(1);
    expect(seen.filter((o) => o === 'DUPLICATE')).toHaveLength(15);
    expect(await depTransfers(server(), created.reference)).toBe(1);
    expect(await balanceOf(server(), player.id)).toBe(8_000_000);
    await expectReconciled();
  });

  it('a database failure answers 503 and the gateway’s retry credits the deposit', async () => {
    const player = await newPlayer(server());
    const created = await onlineDeposit(server(), player, '100');
    await pool().query('ALTER TABLE deposits RENAME TO deposits_away');
    let restored = false;
    try {
      const notification = signedPaymentNotification(wallet.gateway, {
        gatewayPaymentId: created.gatewayPaymentId,
        merchantOrderId: created.reference,
        status: 'PAID',
        amount: 1_000_000,
        paidAmount: 1_000_000,
      });
      const failed = await postNotification(server(), notification);
      expect(failed.statusCode).toBe(503);
      await pool().query('ALTER TABLE deposits_away RENAME TO deposits');
      restored = true;
      const retried = await postNotification(server(), notification);
      expect(retried.statusCode).toBe(200);
    } finally {
      if (!restored) await pool().query('ALTER TABLE deposits_away RENAME TO deposits');
    }
    expect(await depositState(server(), created.id)).toMatchObject({ status: 'SUCCESS', credited_amount: 1_000_000 });
    await expectReconciled();
  });
});

// Payouts through the sandbox gateway (its own process): the happy path, the fault rows of the issue's
// acceptance list — payout time-out then success, time-out then failure, gateway down — plus a failed
// payout, duplicate and reordered notifications and a crash before the send. Each ends in its
// documented state (docs/wallet/withdrawals.md) with the ledger reconciling. The payout loop is off:
// the test runs the dispatcher and the resolver itself and waits for conditions.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_PATHS } from '../../src/shared/api/withdrawals.ts';
import { FINANCE_WITHDRAWAL_PATHS } from '../../src/shared/backoffice/finance-withdrawals.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { handlePayoutNotification } from '../../src/server/wallet/withdrawals/payout-notifications.ts';
import { dispatchPayouts, MAX_UNAVAILABLE_ATTEMPTS, resolvePayouts } from '../../src/server/wallet/withdrawals/payouts.ts';
import { operatorHeaders, signedInOperator } from '../support/operators.ts';
import { startWalletTestServer, type WalletTestServer } from '../support/payments.ts';
import { balanceOf, bindBank, call, newPlayer, statusOf, withdraw, yuan, type Player } from './wallet-withdrawals-support.ts';

let wallet: WalletTestServer;
let financeCookie: string;
beforeAll(async () => {
  wallet = await startWalletTestServer({ WITHDRAWAL_PAYOUT_INTERVAL_MS: '0', WITHDRAWAL_PAYOUT_RETRY_MS: '0' });
  financeCookie = (await signedInOperator(wallet.server.app, 'FINANCE')).cookie;
});
afterEach(async () => {
  await wallet.gateway.resetFaults();
});
afterAll(async () => {
  await wallet?.close();
});
const server = () => wallet.server;
const pool = () => wallet.server.db.database.pool;
const ctx = () => wallet.server.ctx;

/** A withdrawal passed by finance (claim + approve), SUBMITTED and not yet sent. */
async function submitted(amount = '300'): Promise<{ player: Player; id: number; reference: string }> {
  const player = await newPlayer(server(), { balance: yuan(1_000) });
  const requested = (await withdraw(server(), player, await bindBank(server(), player), amount)).json();
  for (const step of ['claim', 'approve'] as const) {
    const response = await server().app.inject({
      method: 'POST',
      url: `/ajax/backoffice${FINANCE_WITHDRAWAL_PATHS[step](requested.id)}`,
      headers: operatorHeaders(financeCookie),
      ...(step === 'approve' ? { payload: { reason: '核对无误' } } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  expect((await statusOf(server(), requested.id)).status).toBe('SUBMITTED');
  return { player, id: requested.id, reference: requested.reference };
}

/** Waits (polling the database, running `step` between looks) until the withdrawal reaches `status`. */
async function until(id: number, status: string, step: () => Promise<unknown> = async () => {}, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await statusOf(server(), id);
    if (current.status === status) return current;
    if (Date.now() > deadline) throw new Error(`withdrawal ${id} is ${JSON.stringify(current)}, not ${status}`);
    await step();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const transfersOf = async (reference: string) =>
  (await pool().query<{ type: string; state: string }>('SELECT type, state FROM ledger_transfers WHERE reference = $1 ORDER BY id', [reference])).rows;
const PAID = [
  { type: 'WPEND', state: 'POSTED' },
  { type: 'WIT', state: 'POSTED' },
];
const RETURNED = [
  { type: 'WPEND', state: 'VOIDED' },
  { type: 'WFAIL', state: 'POSTED' },
];

describe('payouts', () => {
  it('a frozen customer’s payout waits, unsent, until the account is unfrozen', async () => {
    const { id, reference } = await submitted('200');
    const customer = (await pool().query<{ customer_id: number }>('SELECT customer_id FROM withdrawals WHERE id = $1', [id])).rows[0]!.customer_id;
    await pool().query(`UPDATE customers SET frozen_at = now(), frozen_reason = '风控' WHERE id = $1`, [customer]);
    await dispatchPayouts(ctx());
    expect(await statusOf(server(), id)).toMatchObject({ status: 'SUBMITTED', payout_state: 'NOT_SENT' });
    expect(await wallet.gateway.client.queryPayout(reference)).toBeNull();
    await pool().query('UPDATE customers SET frozen_at = NULL, frozen_reason = NULL WHERE id = $1', [customer]);
    await dispatchPayouts(ctx());
    await until(id, 'SUCCESS');
    expect(await transfersOf(reference)).toEqual(PAID);
  });

  it('paid: the notification settles it (WIT to the gateway account), the player sees 成功', async () => {
    const { player, id, reference } = await submitted('300');
    expect(await dispatchPayouts(ctx())).toBeGreaterThanOrEqual(1);
    await until(id, 'SUCCESS');
    expect(await statusOf(server(), id)).toMatchObject({ payout_state: 'PAID' });
    expect(await transfersOf(reference)).toEqual(PAID);
    expect(await balanceOf(server(), player.id)).toBe(yuan(700));
    const history = (await call(server(), 'GET', WITHDRAWAL_PATHS.withdrawalHistory, player.cookie)).json();
    expect(history.items[0]).toMatchObject({ status: 'SUCCESS', statusText: '成功' });
    expect((await reconcile(pool())).ok).toBe(true);
    const detail = await server().app.inject({ url: `/ajax/backoffice${FINANCE_WITHDRAWAL_PATHS.withdrawal(id)}`, headers: { cookie: financeCookie } });
    expect(detail.json()).toMatchObject({ gateway: 'sandbox', payoutState: 'PAID', status: 'SUCCESS' });
    expect(detail.json().events.map((e: { action: string }) => e.action)).toEqual(['申请', '系统审核', '领取', '审核通过', '出款', '出款结果']);
    // A late duplicate of the outcome changes nothing.
    const state = (await wallet.gateway.client.queryPayout(reference))!;
    await handlePayoutNotification(ctx(), state);
    await handlePayoutNotification(ctx(), { ...state, status: 'PROCESSING' });
    expect(await transfersOf(reference)).toEqual(PAID);
  });

  it('failed at the gateway: FAILED with the reason, money back (WFAIL)', async () => {
    await wallet.gateway.setFaults({ payoutOutcome: 'FAILED' });
    const { player, id, reference } = await submitted('300');
    await dispatchPayouts(ctx());
    const done = await until(id, 'FAILED');
    expect(done.reason).toMatch(/^出款失败：/);
    expect(await transfersOf(reference)).toEqual(RETURNED);
    expect(await balanceOf(server(), player.id)).toBe(yuan(1_000));
    expect((await reconcile(pool())).ok).toBe(true);
  });

  it('duplicate and reordered notifications: paid exactly once', async () => {
    await wallet.gateway.setFaults({ duplicateNotifications: true, reorderNotifications: true });
    const { id, reference } = await submitted('200');
    await dispatchPayouts(ctx());
    await until(id, 'SUCCESS');
    await wallet.gateway.notificationsSettled();
    expect(await transfersOf(reference)).toEqual(PAID);
    expect((await reconcile(pool())).ok).toBe(true);
  });
});

describe('fault rows', () => {
  it('payout time-out, then success: IN_DOUBT, resolved by querying → SUCCESS, paid once', async () => {
    // Notifications held back, so that the query (not a notification) decides.
    await wallet.gateway.setFaults({ payoutTimeout: true, notificationDelayMs: 600_000 });
    const { player, id, reference } = await submitted('300');
    await dispatchPayouts(ctx());
    expect(await statusOf(server(), id)).toMatchObject({ status: 'SUBMITTED', payout_state: 'IN_DOUBT' });
    await wallet.gateway.setFaults({ payoutTimeout: false });
    await until(id, 'SUCCESS', () => resolvePayouts(ctx()));
    expect(await transfersOf(reference)).toEqual(PAID);
    expect(await balanceOf(server(), player.id)).toBe(yuan(700));
    expect((await reconcile(pool())).ok).toBe(true);
  });

  it('payout time-out, then failure: IN_DOUBT, resolved by querying → FAILED, money back', async () => {
    await wallet.gateway.setFaults({ payoutTimeout: true, payoutOutcome: 'FAILED', notificationDelayMs: 600_000 });
    const { player, id, reference } = await submitted('300');
    await dispatchPayouts(ctx());
    expect(await statusOf(server(), id)).toMatchObject({ status: 'SUBMITTED', payout_state: 'IN_DOUBT' });
    await wallet.gateway.setFaults({ payoutTimeout: false });
    await until(id, 'FAILED', () => resolvePayouts(ctx()));
    expect(await transfersOf(reference)).toEqual(RETURNED);
    expect(await balanceOf(server(), player.id)).toBe(yuan(1_000));
    expect((await reconcile(pool())).ok).toBe(true);
  });

  it(`gateway down at payout: sent again later, FAILED with the money back after ${MAX_UNAVAILABLE_ATTEMPTS} refused sends`, async () => {
    await wallet.gateway.setFaults({ down: true });
    const { player, id, reference } = await submitted('300');
    await dispatchPayouts(ctx());
    expect(await statusOf(server(), id)).toMatchObject({ status: 'SUBMITTED', payout_state: 'NOT_SENT' });
    const done = await until(id, 'FAILED', () => dispatchPayouts(ctx()));
    expect(done.reason).toBe('出款失败：支付通道暂不可用');
    expect((await pool().query('SELECT payout_attempts FROM withdrawals WHERE id = $1', [id])).rows[0].payout_attempts).toBe(MAX_UNAVAILABLE_ATTEMPTS);
    expect(await transfersOf(reference)).toEqual(RETURNED);
    expect(await balanceOf(server(), player.id)).toBe(yuan(1_000));
    expect(await wallet.gateway.client.queryPayout(reference).catch(() => 'down')).toBe('down');
    await wallet.gateway.resetFaults();
    expect(await wallet.gateway.client.queryPayout(reference)).toBeNull();
    expect((await reconcile(pool())).ok).toBe(true);
  });

  it('gateway down for a while, then back: paid', async () => {
    await wallet.gateway.setFaults({ down: true });
    const { id, reference } = await submitted('300');
    await dispatchPayouts(ctx());
    await wallet.gateway.resetFaults();
    await until(id, 'SUCCESS', () => dispatchPayouts(ctx()));
    expect(await transfersOf(reference)).toEqual(PAID);
  });

  it('marked SENT but never sent (a crash in between): the query finds nothing, it is sent again and paid', async () => {
    const { id, reference } = await submitted('300');
    await pool().query(`UPDATE withdrawals SET payout_state = 'SENT', payout_attempts = 1, payout_next_at = now() WHERE id = $1`, [id]);
    await resolvePayouts(ctx());
    expect(await statusOf(server(), id)).toMatchObject({ status: 'SUBMITTED', payout_state: 'NOT_SENT' });
    await dispatchPayouts(ctx());
    await until(id, 'SUCCESS');
    expect(await transfersOf(reference)).toEqual(PAID);
    expect((await reconcile(pool())).ok).toBe(true);
  });
});

// Payouts through the sandbox gateway (its own process): the happy path, the fault rows of the issue's
// acceptance list — payout time-out then success, time-out then failure, gateway down — plus a failed
// payout, duplicate and reordered notifications and a crash before the send. Each ends in its
// documented state (docs/wallet/withdrawals.md) with the ledger reconciling. The payout loop is off:
// the test runs the dispatcher and the resolver itself and waits for conditions.
//
// Last, payouts through a fake real gateway counting in 分 (PAYMENT_HTTP_AMOUNT_UNIT=FEN): net amounts
// made whole 分 at request time, and a local refusal failing at once with its reason.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { responsePurpose, signHeaders } from '../../src/server/payments/signing.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
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

describe('payouts through a gateway that counts in 分 (PAYMENT_HTTP_AMOUNT_UNIT=FEN)', () => {
  let fen: TestServer;
  let gateway: http.Server;
  let finance: string;
  const payoutRequests: Record<string, unknown>[] = [];
  const merchantId = `fen-${randomBytes(3).toString('hex')}`;
  const secret = randomBytes(24).toString('hex');
  beforeAll(async () => {
    gateway = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const nonce = String(req.headers['x-nonce'] ?? '');
        const reply = (status: number, payload: unknown) => {
          const text = JSON.stringify(payload);
          res.writeHead(status, { 'content-type': 'application/json', ...signHeaders(secret, merchantId, responsePurpose(status, nonce), text) });
          res.end(text);
        };
        if (req.method === 'POST' && req.url === '/api/payouts') {
          const request = JSON.parse(body) as Record<string, unknown>;
          payoutRequests.push(request);
          return reply(200, {
            gatewayPayoutId: `G${payoutRequests.length}`,
            merchantPayoutId: request.merchantPayoutId,
            status: 'PROCESSING',
            amount: request.amount,
            currency: 'CNY',
            failureReason: null,
          });
        }
        reply(404, { code: 'NOT_FOUND', message: '无此单' });
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    fen = await startTestServer({
      PAYMENT_GATEWAY: 'http',
      PAYMENT_HTTP_AMOUNT_UNIT: 'FEN',
      PAYMENT_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
      PAYMENT_MERCHANT_ID: merchantId,
      PAYMENT_SECRET: secret,
      WITHDRAWAL_PAYOUT_INTERVAL_MS: '0',
      WITHDRAWAL_PAYOUT_RETRY_MS: '0',
    });
    finance = (await signedInOperator(fen.app, 'FINANCE')).cookie;
    // A percentage fee (0.15 %): on ¥1,003 the configured fee is ¥1.5045, leaving ¥1,001.4955.
    await fen.db.database.pool.query('UPDATE withdrawal_settings SET fee_rate_bp = 15, fee_min = 0');
  }, 60_000);
  afterAll(async () => {
    await fen?.close();
    await new Promise<void>((resolve) => {
      gateway?.closeAllConnections();
      gateway?.close(() => resolve());
    });
  });

  async function approved(amount: string): Promise<{ player: Player; id: number }> {
    const player = await newPlayer(fen, { balance: yuan(5_000) });
    const requested = await withdraw(fen, player, await bindBank(fen, player), amount);
    expect(requested.statusCode, requested.body).toBe(200);
    const id = requested.json().id as number;
    for (const step of ['claim', 'approve'] as const) {
      const response = await fen.app.inject({
        method: 'POST',
        url: `/ajax/backoffice${FINANCE_WITHDRAWAL_PATHS[step](id)}`,
        headers: operatorHeaders(finance),
        ...(step === 'approve' ? { payload: { reason: '核对无误' } } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await statusOf(fen, id)).status).toBe('SUBMITTED');
    return { player, id };
  }
  const amounts = async (id: number) =>
    (
      await fen.db.database.pool.query<{ amount: number; fee: number; net_amount: number; reference: string }>(
        'SELECT amount, fee, net_amount, reference FROM withdrawals WHERE id = $1',
        [id],
      )
    ).rows[0]!;

  // Guards: a net amount with sub-分 digits is made whole 分 at request time (the remainder goes to the fee), so the
  // payout reaches a healthy 分 gateway instead of failing as 支付通道暂不可用 after retries.
  it('an accepted withdrawal whose fee leaves sub-分 digits is paid out in whole 分, the remainder in the fee', async () => {
    const { id } = await approved('1003');
    expect(await amounts(id)).toMatchObject({ amount: yuan(1_003), fee: 15_100, net_amount: 10_014_900 });
    const before = payoutRequests.length;
    for (let attempt = 0; attempt < MAX_UNAVAILABLE_ATTEMPTS; attempt++) await dispatchPayouts(fen.ctx, { retryMs: 0 });
    const after = await statusOf(fen, id);
    expect(payoutRequests.length, JSON.stringify(after)).toBe(before + 1);
    expect(payoutRequests.at(-1)).toMatchObject({ amount: 100_149 }); // ¥1,001.49 in 分
    expect(after).toMatchObject({ status: 'SUBMITTED', payout_state: 'SENT' });
  });

  // Guards: an amount the adapter refuses locally (sub-分 net stored before the gateway's unit changed) fails at once
  // with the honest reason — never retried as an unreachable gateway, nothing sent, the money back.
  it('a payout the adapter cannot express fails at once with its reason, nothing sent, money back', async () => {
    const { player, id } = await approved('1000');
    await fen.db.database.pool.query('UPDATE withdrawals SET fee = fee + 50, net_amount = net_amount - 50 WHERE id = $1', [id]);
    const before = payoutRequests.length;
    await dispatchPayouts(fen.ctx, { retryMs: 0 });
    const after = await statusOf(fen, id);
    expect(after).toMatchObject({ status: 'FAILED', payout_state: 'FAILED' });
    expect(after.reason).toMatch(/^出款失败：金额 [\d.]+ 超出支付通道支持的精度（分）$/);
    expect(payoutRequests.length).toBe(before);
    const ledger = await fen.db.database.pool.query<{ type: string; state: string }>(
      'SELECT type, state FROM ledger_transfers WHERE reference = $1 ORDER BY id',
      [(await amounts(id)).reference],
    );
    expect(ledger.rows).toEqual(RETURNED);
    expect(await balanceOf(fen, player.id)).toBe(yuan(5_000));
  });
});

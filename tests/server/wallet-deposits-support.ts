// Helpers for the deposit tests (not a test file itself): players of their own, deposits through the
// API, signed notifications crafted like the gateway's, and waiting for a condition (never a sleep).
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { Deposit } from '../../src/shared/api/deposits.ts';
import { DEPOSIT_PATHS } from '../../src/shared/api/deposits.ts';
import { NOTIFY_PURPOSE, signHeaders } from '../../src/server/payments/signing.ts';
import { toWireAmount } from '../../src/server/payments/sandbox-protocol.ts';
import { playerBalance } from '../../src/server/wallet/ledger.ts';
import type { TestServer } from '../support/db.ts';
import { MUTATION_HEADERS } from '../support/http.ts';
import type { SandboxGatewayProcess } from '../support/payments.ts';
import { createCustomer, login } from './accounts-support.ts';

let counter = 0;

export interface Player {
  id: number;
  username: string;
  cookie: string;
}

export async function newPlayer(server: TestServer, prefix = 'dep'): Promise<Player> {
  const username = `${prefix}_${process.pid % 10_000}_${counter++}`.slice(0, 16);
  const id = await createCustomer(server, { username, password: 'abc12345' });
  return { id, username, cookie: await login(server, username, 'abc12345') };
}

export function send(server: TestServer, method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) {
  const headers: Record<string, string> = method === 'GET' ? { cookie } : { ...MUTATION_HEADERS, cookie };
  const request: InjectOptions = { method, url, headers };
  if (payload !== undefined) request.payload = payload as InjectOptions['payload'];
  return server.app.inject(request);
}

export async function deposit(server: TestServer, player: Player, body: { methodCode: string; amount: string | number; payerName?: string; clientKey?: string }) {
  return send(server, 'POST', DEPOSIT_PATHS.deposit, player.cookie, { clientKey: randomUUID(), ...body });
}

export async function onlineDeposit(server: TestServer, player: Player, amount = '500', methodCode = 'ALIPAY_SCAN'): Promise<Deposit & { gatewayPaymentId: string }> {
  const response = await deposit(server, player, { methodCode, amount });
  if (response.statusCode !== 200) throw new Error(`deposit failed: ${response.statusCode} ${response.body}`);
  const created = response.json<Deposit>();
  const row = await server.db.database.pool.query<{ gateway_payment_id: string }>('SELECT gateway_payment_id FROM deposits WHERE id = $1', [created.id]);
  return { ...created, gatewayPaymentId: row.rows[0]!.gateway_payment_id };
}

export interface DepositState {
  status: string;
  paid_amount: number | null;
  credited_amount: number | null;
  fee: number;
  note: string | null;
  failure_reason: string | null;
  transfer_id: number | null;
}

export async function depositState(server: TestServer, id: number): Promise<DepositState> {
  const found = await server.db.database.pool.query<DepositState>(
    'SELECT status, paid_amount, credited_amount, fee, note, failure_reason, transfer_id FROM deposits WHERE id = $1',
    [id],
  );
  return found.rows[0]!;
}

/** Polls `check` until it returns a value other than undefined (a condition, not a fixed wait). */
export async function waitFor<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function waitForStatus(server: TestServer, id: number, statuses: string[], timeoutMs?: number): Promise<DepositState> {
  return waitFor(async () => {
    const state = await depositState(server, id);
    return statuses.includes(state.status) ? state : undefined;
  }, `deposit ${id} to reach ${statuses.join('/')}`, timeoutMs);
}

export async function depTransfers(server: TestServer, reference: string): Promise<number> {
  const found = await server.db.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ledger_transfers WHERE type = 'DEP' AND reference = $1`,
    [`deposit:${reference}`],
  );
  return found.rows[0]!.n;
}

export async function outcomes(server: TestServer, reference: string): Promise<string[]> {
  const found = await server.db.database.pool.query<{ outcome: string }>(
    'SELECT outcome FROM gateway_notifications WHERE merchant_order_id = $1 ORDER BY id',
    [reference],
  );
  return found.rows.map((r) => r.outcome);
}

export const balanceOf = (server: TestServer, customerId: number) => playerBalance(server.db.database.pool, customerId);

export interface CraftedPayment {
  notificationId?: string;
  gatewayPaymentId: string;
  merchantOrderId: string;
  status: 'PENDING' | 'PAID' | 'DECLINED' | 'EXPIRED';
  amount: number;
  paidAmount: number | null;
  currency?: string;
}

/** A payment notification signed with the gateway's secret, exactly as the sandbox sends one. */
export function signedPaymentNotification(gateway: Pick<SandboxGatewayProcess, 'merchantId' | 'secret'>, payment: CraftedPayment) {
  const body = JSON.stringify({
    notificationId: payment.notificationId ?? randomUUID(),
    type: 'payment',
    data: {
      gatewayPaymentId: payment.gatewayPaymentId,
      merchantOrderId: payment.merchantOrderId,
      status: payment.status,
      amount: toWireAmount(payment.amount),
      paidAmount: payment.paidAmount === null ? null : toWireAmount(payment.paidAmount),
      currency: payment.currency ?? 'CNY',
      cashierUrl: 'http://127.0.0.1/cashier/x',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    },
  });
  return { body, headers: { 'content-type': 'application/json', ...signHeaders(gateway.secret, gateway.merchantId, NOTIFY_PURPOSE, body) } };
}

export function postNotification(server: TestServer, notification: { body: string; headers: Record<string, string> }, gatewayCode = 'sandbox') {
  return server.app.inject({ method: 'POST', url: `/ajax/payment/notify/${gatewayCode}`, headers: notification.headers, payload: notification.body });
}

// Back office 财务 over HTTP: the daily cash report (who may read it, its figures taken from the
// ledger, bad ranges refused in Chinese, CSV) and the sandbox gateway's fault controls (who may use
// them, every change audited, a real gateway without controls says so and changes nothing).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withTransaction } from '../../src/server/db/pool.ts';
import type { PaymentGateway } from '../../src/server/payments/gateway.ts';
import { createPending, playerAccountId, postTransfer, resolvePending, systemAccountId } from '../../src/server/wallet/ledger.ts';
import { CashReportSchema, type CashReport } from '../../src/shared/backoffice/finance-reports.ts';
import { OPERATOR_ROLES, roleHas } from '../../src/shared/backoffice/permissions.ts';
import { beijingDayOf, formatDay } from '../../src/shared/draws/schedule/beijing-time.ts';
import { yuan } from '../../src/shared/money.ts';
import { NO_FAULTS, type SandboxFaults } from '../../src/shared/payments/sandbox-faults.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie } from '../support/http.ts';
import { operatorCookie, operatorHeaders } from '../support/operators.ts';
import { createCustomer } from './accounts-support.ts';

// The configured gateway, switchable per test: a sandbox with in-memory fault controls, or a real one.
const gatewayState = vi.hoisted(() => ({ sandbox: true, down: false, faults: null as SandboxFaults | null }));
vi.mock('../../src/server/payments/registry.ts', () => ({
  gatewayFor: (): Partial<PaymentGateway> =>
    gatewayState.sandbox
      ? {
          code: 'sandbox',
          label: '沙箱支付',
          sandbox: true,
          controls: {
            getFaults: async () => {
              if (gatewayState.down) throw new Error('connect ECONNREFUSED');
              return gatewayState.faults!;
            },
            setFaults: async (faults) => {
              if (gatewayState.down) throw new Error('connect ECONNREFUSED');
              return (gatewayState.faults = faults);
            },
          },
        }
      : { code: 'acme', label: '某支付', sandbox: false },
}));

let server: TestServer;
const pool = () => server.db.database.pool;
const cookies = new Map<string, string>();
const today = () => formatDay(beijingDayOf(Date.now()));

beforeAll(async () => {
  server = await startTestServer();
  for (const role of OPERATOR_ROLES) cookies.set(role, await operatorCookie(server.app, role));
});
afterAll(() => server?.close());

const get = (url: string, cookie?: string) => server.app.inject({ method: 'GET', url: `/ajax/backoffice${url}`, headers: cookie ? { cookie } : {} });
const put = (url: string, cookie: string, payload: unknown) =>
  server.app.inject({ method: 'PUT', url: `/ajax/backoffice${url}`, headers: operatorHeaders(cookie), payload: payload as object });
const finance = () => cookies.get('FINANCE')!;

async function cashToday(): Promise<CashReport> {
  const response = await get(`/finance/reports/cash?from=${today()}&to=${today()}`, finance());
  expect(response.statusCode).toBe(200);
  return CashReportSchema.parse(response.json());
}

describe('daily cash report', () => {
  it('is for the roles holding finance.reports.read', async () => {
    const range = `from=${today()}&to=${today()}`;
    for (const url of [`/finance/reports/cash?${range}`, `/finance/reports/cash.csv?${range}`]) {
      for (const role of OPERATOR_ROLES) {
        expect((await get(url, cookies.get(role))).statusCode, `${role} ${url}`).toBe(roleHas(role, 'finance.reports.read') ? 200 : 403);
      }
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, await loginCookie(server.app, 'demo_player'))).statusCode).toBe(401);
    }
  });

  it('takes every figure from the ledger: deposits with fees, withdrawals requested, paid and returned, held money, manual adjustments', async () => {
    const before = await cashToday();
    const customerId = await createCustomer(server, { username: `cash_${process.pid}` });
    const wallet = await playerAccountId(pool(), customerId);
    const gateway = await systemAccountId(pool(), 'external:gateway:sandbox', 'EXTERNAL');
    const fees = await systemAccountId(pool(), 'house:fees', 'HOUSE');
    const adjustments = await systemAccountId(pool(), 'house:manual-adjustments', 'HOUSE');
    await withTransaction(pool(), async (client) => {
      // ¥500 paid in, ¥495 credited, ¥5 fee.
      await postTransfer(client, {
        idempotencyKey: `cash:dep:${customerId}`,
        type: 'DEP',
        legs: [
          { accountId: gateway, amount: -yuan(500) },
          { accountId: wallet, amount: yuan(495) },
          { accountId: fees, amount: yuan(5) },
        ],
      });
      await postTransfer(client, { idempotencyKey: `cash:mi:${customerId}`, type: 'MI', legs: [{ accountId: adjustments, amount: -yuan(20) }, { accountId: wallet, amount: yuan(20) }] });
      await postTransfer(client, { idempotencyKey: `cash:md:${customerId}`, type: 'MD', legs: [{ accountId: wallet, amount: -yuan(15) }, { accountId: adjustments, amount: yuan(15) }] });
    });
    // Three withdrawals: ¥100 paid (¥98 out, ¥2 fee), ¥50 returned, ¥70 still held.
    const hold = async (key: string, amount: number) =>
      withTransaction(pool(), (client) => createPending(client, { idempotencyKey: `cash:${key}:${customerId}`, type: 'WPEND', fromAccountId: wallet, amount }));
    const paid = await hold('w1', yuan(100));
    const returned = await hold('w2', yuan(50));
    await hold('w3', yuan(70));
    await withTransaction(pool(), async (client) => {
      const clearing = await systemAccountId(client, 'clearing:pending', 'CLEARING');
      await postTransfer(client, {
        idempotencyKey: `pending:${paid.transferId}:POSTED`,
        type: 'WIT',
        legs: [
          { accountId: clearing, amount: -yuan(100) },
          { accountId: gateway, amount: yuan(98) },
          { accountId: fees, amount: yuan(2) },
        ],
      });
      await resolvePending(client, { pendingTransferId: returned.transferId, outcome: 'VOIDED', type: 'WFAIL' });
    });

    const after = await cashToday();
    const delta = (key: keyof CashReport['total']) => after.total[key] - before.total[key];
    expect({
      depositCount: delta('depositCount'),
      depositAmount: delta('depositAmount'),
      depositFees: delta('depositFees'),
      requestedCount: delta('requestedCount'),
      requestedAmount: delta('requestedAmount'),
      withdrawalCount: delta('withdrawalCount'),
      withdrawalAmount: delta('withdrawalAmount'),
      withdrawalFees: delta('withdrawalFees'),
      returnedCount: delta('returnedCount'),
      returnedAmount: delta('returnedAmount'),
      manualCredits: delta('manualCredits'),
      manualDebits: delta('manualDebits'),
      netCashFlow: delta('netCashFlow'),
    }).toEqual({
      depositCount: 1,
      depositAmount: yuan(495),
      depositFees: yuan(5),
      requestedCount: 3,
      requestedAmount: yuan(220),
      withdrawalCount: 1,
      withdrawalAmount: yuan(100),
      withdrawalFees: yuan(2),
      returnedCount: 1,
      returnedAmount: yuan(50),
      manualCredits: yuan(20),
      manualDebits: yuan(15),
      netCashFlow: yuan(500) - yuan(98),
    });
    expect(after.rows).toHaveLength(1);
    expect(after.rows[0]!.heldAtDayEnd - before.rows[0]!.heldAtDayEnd).toBe(yuan(70));
    // The held money is what the clearing account holds for withdrawals.
    const clearing = await pool().query<{ balance: number }>(`SELECT balance FROM ledger_accounts WHERE code = 'clearing:pending'`);
    expect(after.rows[0]!.heldAtDayEnd).toBe(clearing.rows[0]!.balance);

    const csv = await get(`/finance/reports/cash.csv?from=${today()}&to=${today()}`, finance());
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toContain('充值入账(元)');
    expect(lines[1]!.startsWith(today())).toBe(true);
    expect(lines[2]!.startsWith('合计')).toBe(true);
  });

  it('has a row for every day of the range, days without movements at zero, holding what was held', async () => {
    const report = CashReportSchema.parse((await get('/finance/reports/cash?from=2031-03-01&to=2031-03-03', finance())).json());
    expect(report.rows.map((r) => r.day)).toEqual(['2031-03-01', '2031-03-02', '2031-03-03']);
    expect(report.rows.map((r) => r.depositCount)).toEqual([0, 0, 0]);
    const held = new Set(report.rows.map((r) => r.heldAtDayEnd));
    expect(held.size).toBe(1);
  });

  it('refuses a bad range in Chinese', async () => {
    const cases: [string, string][] = [
      ['from=2031-02-07&to=2031-02-01', '结束日期不能早于开始日期'],
      ['from=2031-01-01&to=2031-04-03', '报表的日期范围最多92天'],
      ['from=2031-02-30&to=2031-03-01', '请输入有效的开始日期'],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/finance/reports/cash?${query}`, finance());
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });
});

describe('sandbox fault controls', () => {
  const audits = async () =>
    (await pool().query<{ action: string; operator_role: string; target_id: string; before: unknown; after: unknown }>(
      `SELECT action, operator_role, target_id, before, after FROM operator_audit_log WHERE action = 'finance.sandbox.faults' ORDER BY id`,
    )).rows;

  it('shows the sandbox and its faults to the roles holding finance.sandbox.manage', async () => {
    gatewayState.sandbox = true;
    gatewayState.faults = NO_FAULTS;
    for (const role of OPERATOR_ROLES) {
      const response = await get('/finance/sandbox', cookies.get(role));
      expect(response.statusCode, role).toBe(roleHas(role, 'finance.sandbox.manage') ? 200 : 403);
    }
    expect((await get('/finance/sandbox', finance())).json()).toEqual({ gateway: { code: 'sandbox', label: '沙箱支付', sandbox: true }, faults: NO_FAULTS, reachable: true });
  });

  it('sets the faults through the adapter, audited before → after; others and bad values change nothing', async () => {
    gatewayState.sandbox = true;
    gatewayState.faults = NO_FAULTS;
    const wanted = { ...NO_FAULTS, down: true, delayMs: 1500 };
    const before = (await audits()).length;
    expect((await put('/finance/sandbox', cookies.get('SUPPORT')!, wanted)).statusCode).toBe(403);
    const bad = await put('/finance/sandbox', finance(), { ...wanted, delayMs: -1 });
    expect(bad.statusCode).toBe(400);
    expect(gatewayState.faults).toEqual(NO_FAULTS);
    expect(await audits()).toHaveLength(before);

    const response = await put('/finance/sandbox', finance(), wanted);
    expect(response.statusCode).toBe(200);
    expect(response.json().faults).toEqual(wanted);
    expect(gatewayState.faults).toEqual(wanted);
    const rows = await audits();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toEqual({ action: 'finance.sandbox.faults', operator_role: 'FINANCE', target_id: 'sandbox', before: NO_FAULTS, after: wanted });
  });

  it('says a real gateway has no fault controls, and refuses to set any', async () => {
    gatewayState.sandbox = false;
    expect((await get('/finance/sandbox', finance())).json()).toEqual({ gateway: { code: 'acme', label: '某支付', sandbox: false }, faults: null, reachable: true });
    const before = (await audits()).length;
    const response = await put('/finance/sandbox', finance(), NO_FAULTS);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('当前支付网关不是沙箱，没有故障控制');
    expect(await audits()).toHaveLength(before);
    gatewayState.sandbox = true;
  });

  it('says so in Chinese when the sandbox service cannot be reached, and records nothing', async () => {
    gatewayState.sandbox = true;
    gatewayState.faults = null;
    gatewayState.down = true;
    expect((await get('/finance/sandbox', finance())).json()).toEqual({ gateway: { code: 'sandbox', label: '沙箱支付', sandbox: true }, faults: null, reachable: false });
    const before = (await audits()).length;
    const response = await put('/finance/sandbox', finance(), NO_FAULTS);
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('沙箱支付网关无法连接，请稍后重试');
    expect(await audits()).toHaveLength(before);
    gatewayState.down = false;
  });
});

// The back office's deposits: permissions, the offline confirmation queue (confirm once under
// concurrency, partial amounts, rejection, expiry then late confirmation) and method configuration
// (validated, audited, and what the player is offered and charged follows it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_PATHS, DepositMethodListSchema, type Deposit } from '../../src/shared/api/deposits.ts';
import { WALLET_PATHS } from '../../src/shared/api/wallet.ts';
import { BACKOFFICE_API } from '../../src/shared/backoffice/session.ts';
import { FINANCE_DEPOSIT_PATHS, FinanceDepositListSchema, type DepositMethodConfig, type UpdateDepositMethod } from '../../src/shared/backoffice/finance-deposits.ts';
import { gatewayFor } from '../../src/server/payments/registry.ts';
import { runDepositExpiryOnce } from '../../src/server/wallet/deposits/expiry.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { operatorCookie, operatorHeaders } from '../support/operators.ts';
import { balanceOf, deposit, depositState, depTransfers, newPlayer, send, type Player } from './wallet-deposits-support.ts';

let server: TestServer;
let finance: string;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_RATE_PER_MINUTE: '1000' });
  finance = await operatorCookie(server.app, 'FINANCE');
});
afterAll(() => server?.close());

const bo = (method: 'GET' | 'POST' | 'PUT', path: string, cookie: string, payload?: unknown) =>
  server.app.inject({ method, url: `${BACKOFFICE_API}${path}`, headers: method === 'GET' ? { cookie } : operatorHeaders(cookie), ...(payload === undefined ? {} : { payload: payload as object }) });

async function offlineDeposit(player: Player, amount = '1000'): Promise<Deposit> {
  const response = await deposit(server, player, { methodCode: 'MANUAL_BANK_TRANSFER', amount, payerName: '王五' });
  expect(response.statusCode).toBe(200);
  return response.json<Deposit>();
}

async function expectReconciled() {
  const report = await reconcile(server.db.database.pool);
  expect(report.ok, JSON.stringify(report)).toBe(true);
}

describe('permissions', () => {
  it('lets support read but not confirm, and keeps others out', async () => {
    const player = await newPlayer(server);
    const created = await offlineDeposit(player);
    const support = await operatorCookie(server.app, 'SUPPORT');
    expect((await bo('GET', FINANCE_DEPOSIT_PATHS.queue, support)).statusCode).toBe(200);
    expect((await bo('POST', FINANCE_DEPOSIT_PATHS.confirm(created.id), support, { receivedAmount: '1000' })).statusCode).toBe(403);
    const operations = await operatorCookie(server.app, 'OPERATIONS');
    expect((await bo('GET', FINANCE_DEPOSIT_PATHS.deposits, operations)).statusCode).toBe(403);
    expect((await bo('GET', FINANCE_DEPOSIT_PATHS.methods, support)).statusCode).toBe(403);
    expect((await depositState(server, created.id)).status).toBe('WAITING_FOR_AUDIT');
  });
});

describe('offline confirmation', () => {
  it('shows the waiting deposit in the queue and finds it by username and reference', async () => {
    const player = await newPlayer(server);
    const created = await offlineDeposit(player, '1500');
    const queue = FinanceDepositListSchema.parse((await bo('GET', `${FINANCE_DEPOSIT_PATHS.queue}?username=${player.username}`, finance)).json());
    expect(queue.items).toHaveLength(1);
    expect(queue.items[0]).toMatchObject({ reference: created.reference, payerName: '王五', amount: 15_000_000, confirmable: true, sandbox: false });
    const byReference = FinanceDepositListSchema.parse((await bo('GET', `${FINANCE_DEPOSIT_PATHS.deposits}?reference=${created.reference}`, finance)).json());
    expect(byReference.items.map((d) => d.id)).toEqual([created.id]);
    const bad = await bo('GET', `${FINANCE_DEPOSIT_PATHS.deposits}?reference=D-1`, finance);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('单号格式不正确');
  });

  it('credits once when many operators confirm at the same moment', async () => {
    const player = await newPlayer(server);
    const created = await offlineDeposit(player, '1000');
    const answers = await Promise.all(Array.from({ length: 10 }, () => bo('POST', FINANCE_DEPOSIT_PATHS.confirm(created.id), finance, { receivedAmount: '1000' })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('该充值已处理，请刷新后查看');
    expect(await depositState(server, created.id)).toMatchObject({ status: 'SUCCESS', credited_amount: 10_000_000 });
    expect(await depTransfers(server, created.reference)).toBe(1);
    expect(await balanceOf(server, player.id)).toBe(10_000_000);
    const audits = await server.db.database.pool.query(`SELECT 1 FROM operator_audit_log WHERE action = 'deposit.confirm' AND target_id = $1`, [String(created.id)]);
    expect(audits.rowCount).toBe(1);
    await expectReconciled();
  });

  it('credits what arrived when it is less than applied for (PARTIAL_SUCCESS), and checks the amount', async () => {
    const player = await newPlayer(server);
    const created = await offlineDeposit(player, '1000');
    const invalid = await bo('POST', FINANCE_DEPOSIT_PATHS.confirm(created.id), finance, { receivedAmount: 'abc' });
    expect(invalid.json()).toMatchObject({ code: 'VALIDATION', message: '请输入有效的实收金额' });
    const confirmed = await bo('POST', FINANCE_DEPOSIT_PATHS.confirm(created.id), finance, { receivedAmount: '800.5' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().deposit).toMatchObject({ status: 'PARTIAL_SUCCESS', creditedAmount: 8_005_000, confirmable: false });
    expect(await balanceOf(server, player.id)).toBe(8_005_000);
    await expectReconciled();
  });

  it('refuses a received amount above the method maximum (¥100,000) and credits nothing; more than applied for, up to it, is credited in full', async () => {
    const player = await newPlayer(server);
    const created = await offlineDeposit(player, '300');
    for (const receivedAmount of ['30000000', '100000.0001']) {
      const refused = await bo('POST', FINANCE_DEPOSIT_PATHS.confirm(created.id), finance, { receivedAmount });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION',
        message: '实收金额不能高于 100000 元',
        fields: { receivedAmount: '实收金额不能高于 100000 元' },
      });
    }
    expect(await depositState(server, created.id)).toMatchObject({ status: 'WAITING_FOR_AUDIT', credited_amount: null, transfer_id: null });
    expect(await balanceOf(server, player.id)).toBe(0);
    const audits = await server.db.database.pool.query(`SELECT 1 FROM operator_audit_log WHERE action = 'deposit.confirm' AND target_id = $1`, [
      String(created.id),
    ]);
    expect(audits.rowCount).toBe(0);
    const confirmed = await bo('POST', FINANCE_DEPOSIT_PATHS.confirm(created.id), finance, { receivedAmount: '500' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().deposit).toMatchObject({ status: 'SUCCESS', paidAmount: 5_000_000, creditedAmount: 5_000_000 });
    expect(await balanceOf(server, player.id)).toBe(5_000_000);
    await expectReconciled();
  });

  it('a balance never leaves the safe-integer range: the player can still read it after two huge confirmations', async () => {
    const player = await newPlayer(server);
    const orders = [await offlineDeposit(player, '300'), await offlineDeposit(player, '300')];
    const answers = [];
    for (const { id } of orders) answers.push(await bo('POST', FINANCE_DEPOSIT_PATHS.confirm(id), finance, { receivedAmount: '900719925474' }));
    // Whatever was accepted, the wallet stays readable (no 500) and within the safe range.
    expect(answers.map((a) => a.statusCode).every((s) => s < 500)).toBe(true);
    const balance = await send(server, 'GET', WALLET_PATHS.mainWalletBalance, player.cookie);
    expect(balance.statusCode, balance.body).toBe(200);
    expect(Number.isSafeInteger(balance.json().balance)).toBe(true);
  });

  it('rejects with a reason the player reads; a rejected deposit cannot be confirmed', async () => {
    const player = await newPlayer(server);
    const created = await offlineDeposit(player);
    const short = await bo('POST', FINANCE_DEPOSIT_PATHS.reject(created.id), finance, { reason: ' ' });
    expect(short.statusCode).toBe(400);
    const rejected = await bo('POST', FINANCE_DEPOSIT_PATHS.reject(created.id), finance, { reason: '未查到该笔转账' });
    expect(rejected.json().deposit).toMatchObject({ status: 'AUDIT_NOT_PASSED', failureReason: '未查到该笔转账' });
    const seen = (await send(server, 'GET', DEPOSIT_PATHS.one(created.id), player.cookie)).json<Deposit>();
    expect(seen).toMatchObject({ status: 'AUDIT_NOT_PASSED', statusText: '财务确认未通过', failureReason: '未查到该笔转账' });
    expect((await bo('POST', FINANCE_DEPOSIT_PATHS.confirm(created.id), finance, { receivedAmount: '1000' })).statusCode).toBe(409);
    expect(await balanceOf(server, player.id)).toBe(0);
  });

  it('expires an unconfirmed offline deposit after its window; finance can still confirm it when the money turns up', async () => {
    const player = await newPlayer(server);
    const created = await offlineDeposit(player, '1000');
    await runDepositExpiryOnce(server.ctx, () => gatewayFor(server.ctx.config.payments), new Date(Date.now() + 73 * 3_600_000));
    expect(await depositState(server, created.id)).toMatchObject({ status: 'CANCELLED', failure_reason: '已过期' });
    const confirmed = await bo('POST', FINANCE_DEPOSIT_PATHS.confirm(created.id), finance, { receivedAmount: '1000' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().deposit.note).toContain('过期后确认到账');
    expect(await balanceOf(server, player.id)).toBe(10_000_000);
    await expectReconciled();
  });
});

describe('method configuration', () => {
  async function method(code: string): Promise<DepositMethodConfig> {
    const list = (await bo('GET', FINANCE_DEPOSIT_PATHS.methods, finance)).json<{ methods: DepositMethodConfig[]; gateway: { sandbox: boolean } }>();
    expect(list.gateway.sandbox).toBe(true);
    return list.methods.find((m) => m.code === code)!;
  }
  const bodyOf = (m: DepositMethodConfig): UpdateDepositMethod => {
    const { code: _c, name: _n, group: _g, kind: _k, updatedAt: _u, ...rest } = m;
    return rest;
  };

  it('refuses inconsistent limits with a clear message and changes nothing', async () => {
    const before = await method('POINT_CARD');
    const cases: [Partial<UpdateDepositMethod>, string][] = [
      [{ maxAmount: before.minAmount - 10_000 }, '最高金额不能低于最低金额'],
      [{ recommendedAmounts: [before.maxAmount + 10_000] }, '推荐金额必须在最低与最高金额之间'],
      [{ feeRateBp: 10_001 }, '手续费率必须在 0%~100% 之间'],
      [{ minAmount: 0 }, '最低金额必须大于 0'],
      [{ minAmount: 1_005_000, recommendedAmounts: [] }, '只收整数金额时，限额与推荐金额必须为整数元'],
    ];
    for (const [patch, message] of cases) {
      const response = await bo('PUT', FINANCE_DEPOSIT_PATHS.method('POINT_CARD'), finance, { ...bodyOf(before), ...patch });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const offline = await method('MANUAL_ALIPAY');
    const noAccount = await bo('PUT', FINANCE_DEPOSIT_PATHS.method('MANUAL_ALIPAY'), finance, { ...bodyOf(offline), enabled: true, receivingAccount: '' });
    expect(noAccount.json().message).toBe('线下充值方式启用前需填写收款户名和账号');
    expect(await method('POINT_CARD')).toEqual(before);
  });

  it('enables a method with a fee and a stake multiplier: offered to players, charged and required as configured', async () => {
    const current = await method('MANUAL_COUNTER');
    const updated = await bo('PUT', FINANCE_DEPOSIT_PATHS.method('MANUAL_COUNTER'), finance, {
      ...bodyOf(current),
      enabled: true,
      feeRateBp: 100,
      feeFixed: 20_000,
      stakeMultiplierBp: 20_000,
    });
    expect(updated.statusCode).toBe(200);
    const player = await newPlayer(server);
    const offered = DepositMethodListSchema.parse((await send(server, 'GET', DEPOSIT_PATHS.methods, player.cookie)).json());
    expect(offered.methods.find((m) => m.code === 'MANUAL_COUNTER')).toMatchObject({ feeRateBp: 100, feeFixed: 20_000 });
    const created = (await deposit(server, player, { methodCode: 'MANUAL_COUNTER', amount: '1000', payerName: '赵六' })).json<Deposit>();
    await bo('POST', FINANCE_DEPOSIT_PATHS.confirm(created.id), finance, { receivedAmount: '1000' });
    // fee = 2 元 + 1% of 1000 元 = 12 元
    expect(await depositState(server, created.id)).toMatchObject({ status: 'SUCCESS', fee: 120_000, credited_amount: 9_880_000 });
    expect(await balanceOf(server, player.id)).toBe(9_880_000);
    const stake = await server.db.database.pool.query<{ remaining: number }>('SELECT remaining FROM required_stakes WHERE customer_id = $1', [player.id]);
    expect(stake.rows[0]!.remaining).toBe(19_760_000);
    const fees = await server.db.database.pool.query<{ balance: number }>(`SELECT balance FROM ledger_accounts WHERE code = 'house:fees'`);
    expect(fees.rows[0]!.balance).toBeGreaterThanOrEqual(120_000);
    await expectReconciled();
  });
});

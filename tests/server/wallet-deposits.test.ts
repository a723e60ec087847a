// Deposits through the API: methods, the spec §5 amount messages, player protection and trial refusals,
// idempotent creation, offline orders and the history window. Bad input changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEPOSIT_PATHS,
  depositAmountRule,
  DepositHistorySchema,
  DepositMethodListSchema,
  DepositSchema,
  FEN_ONLY_MESSAGE,
  type Deposit,
} from '../../src/shared/api/deposits.ts';
import { DEMO_REGISTRATION_ID } from '../../src/server/db/seed.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { startTestServer } from '../support/db.ts';
import { startWalletTestServer, type WalletTestServer } from '../support/payments.ts';
import { call, sessionCookieOf } from './accounts-support.ts';
import { balanceOf, deposit, newPlayer, send, type Player } from './wallet-deposits-support.ts';

let wallet: WalletTestServer;
beforeAll(async () => {
  wallet = await startWalletTestServer({ LOGIN_RATE_PER_MINUTE: '1000' });
});
afterAll(() => wallet?.close());

const server = () => wallet.server;
const depositCount = async (player: Player) =>
  (await server().db.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM deposits WHERE customer_id = $1', [player.id])).rows[0]!.n;

describe('deposit methods', () => {
  it('lists the enabled methods with their limits, grouped and ordered, and says the gateway is the sandbox', async () => {
    const player = await newPlayer(server());
    const response = await send(server(), 'GET', DEPOSIT_PATHS.methods, player.cookie);
    expect(response.statusCode).toBe(200);
    const list = DepositMethodListSchema.parse(response.json());
    expect(list.sandbox).toBe(true);
    const codes = list.methods.map((m) => m.code);
    expect(codes).toContain('ALIPAY_SCAN');
    expect(codes).toContain('MANUAL_BANK_TRANSFER');
    expect(codes).not.toContain('POINT_CARD');
    const alipay = list.methods.find((m) => m.code === 'ALIPAY_SCAN')!;
    expect(alipay).toMatchObject({ name: '支付宝扫码', group: 'ALIPAY', kind: 'ONLINE', minAmount: 1_000_000, maxAmount: 50_000_000 });
    expect(alipay.recommendedAmounts).toContain(5_000_000);
  });
});

describe('amount rules (spec §5) reach the API and change nothing', () => {
  const cases: [string, string, string | number, string][] = [
    ['not a number', 'DIGITAL_RMB', 'abc', '请输入有效的充值金额'],
    ['blank', 'DIGITAL_RMB', '', '充值金额不可以为空'],
    ['five decimals', 'DIGITAL_RMB', '100.00001', '请输入有效的充值金额'],
    ['a fraction where integers only', 'DIGITAL_RMB', '100.5', '输入的充值金额必须为整数'],
    ['below the minimum', 'DIGITAL_RMB', '99', '充值金额不能低于 100 元'],
    ['negative', 'DIGITAL_RMB', '-100', '充值金额不能低于 100 元'],
    ['above the maximum', 'DIGITAL_RMB', '10001', '充值金额不能高于 10000 元'],
    ['outside the range with recommended amounts', 'ALIPAY_SCAN', '50', '请选择推荐金额或填入金额100~5000'],
    ['above the range with recommended amounts', 'ALIPAY_SCAN', 6000, '请选择推荐金额或填入金额100~5000'],
  ];
  for (const [name, methodCode, amount, message] of cases) {
    it(`${name}: '${message}'`, async () => {
      const player = await newPlayer(server());
      const response = await deposit(server(), player, { methodCode, amount });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message });
      expect(await depositCount(player)).toBe(0);
      expect(await balanceOf(server(), player.id)).toBe(0);
    });
  }

  it('accepts a recommended amount and a free amount inside the bounds', async () => {
    const player = await newPlayer(server());
    for (const amount of ['100', 1234]) {
      const response = await deposit(server(), player, { methodCode: 'ALIPAY_SCAN', amount });
      expect(response.statusCode).toBe(200);
      expect(DepositSchema.parse(response.json())).toMatchObject({ status: 'PENDING', statusText: '待支付', sandbox: true });
    }
  });

  it('refuses a disabled or unknown method', async () => {
    const player = await newPlayer(server());
    const disabled = await deposit(server(), player, { methodCode: 'POINT_CARD', amount: '100' });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().message).toBe('该充值方式暂不可用，请选择其他方式');
    const unknown = await deposit(server(), player, { methodCode: 'NO_SUCH', amount: '100' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('请选择充值方式');
    expect(await depositCount(player)).toBe(0);
  });

  it('asks an offline deposit for the payer name, checked by the real-name rule', async () => {
    const player = await newPlayer(server());
    const missing = await deposit(server(), player, { methodCode: 'MANUAL_BANK_TRANSFER', amount: '300' });
    expect(missing.json()).toMatchObject({ code: 'VALIDATION', message: '付款人姓名不可以为空' });
    const bad = await deposit(server(), player, { methodCode: 'MANUAL_BANK_TRANSFER', amount: '300', payerName: 'x1' });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', message: '付款人姓名只支持中/英文' });
    expect(await depositCount(player)).toBe(0);
  });
});

describe('player protection and trial accounts', () => {
  it('refuses during self-exclusion and cooling-off, before anything is stored', async () => {
    const player = await newPlayer(server());
    const pool = server().db.database.pool;
    await pool.query(`INSERT INTO protection_settings (customer_id, cooling_off_until) VALUES ($1, now() + interval '1 day')`, [player.id]);
    const response = await deposit(server(), player, { methodCode: 'ALIPAY_SCAN', amount: '100' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('冷静期');
    await pool.query(`UPDATE protection_settings SET cooling_off_until = NULL, self_excluded_until = now() + interval '30 days' WHERE customer_id = $1`, [player.id]);
    const excluded = await deposit(server(), player, { methodCode: 'MANUAL_BANK_TRANSFER', amount: '100', payerName: '张三' });
    expect(excluded.statusCode).toBe(403);
    expect(excluded.json().message).toContain('自我排除');
    expect(await depositCount(player)).toBe(0);
  });

  it('refuses an amount past the deposit limit and accepts one within it', async () => {
    const player = await newPlayer(server());
    await server().db.database.pool.query(`INSERT INTO protection_limits (customer_id, kind, period, amount) VALUES ($1, 'DEPOSIT', 'DAILY', $2)`, [
      player.id,
      2_000_000,
    ]);
    const over = await deposit(server(), player, { methodCode: 'DIGITAL_RMB', amount: '201' });
    expect(over.statusCode).toBe(403);
    expect(await depositCount(player)).toBe(0);
    const within = await deposit(server(), player, { methodCode: 'DIGITAL_RMB', amount: '200' });
    expect(within.statusCode).toBe(200);
  });

  it('refuses a trial account (试玩账号不能充值) and hides the history', async () => {
    const trial = await call(server(), 'POST', '/ajax/trial', { payload: { registrationId: DEMO_REGISTRATION_ID }, ip: '10.9.0.1' });
    expect(trial.statusCode).toBe(200);
    const cookie = sessionCookieOf(trial);
    const response = await send(server(), 'POST', DEPOSIT_PATHS.deposit, cookie, { methodCode: 'ALIPAY_SCAN', amount: '100', clientKey: randomUUID() });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'TRIAL_FORBIDDEN', message: '试玩账号不能充值' });
    const history = await send(server(), 'GET', DEPOSIT_PATHS.history, cookie);
    expect(history.statusCode).toBe(403);
    expect((await server().db.database.pool.query(`SELECT count(*)::int AS n FROM deposits d JOIN customers c ON c.id = d.customer_id WHERE c.test_mode IS NOT NULL`)).rows[0].n).toBe(0);
  });

  it('refuses an anonymous request', async () => {
    const response = await server().app.inject({ method: 'GET', url: DEPOSIT_PATHS.methods });
    expect(response.statusCode).toBe(401);
  });
});

describe('creating deposits', () => {
  it('answers the same deposit for a retried client key, also when the retries race', async () => {
    const player = await newPlayer(server());
    const clientKey = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => deposit(server(), player, { methodCode: 'ALIPAY_SCAN', amount: '200', clientKey })),
    );
    const ids = new Set(answers.map((a) => (a.json() as Deposit).id));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(ids.size).toBe(1);
    expect(await depositCount(player)).toBe(1);
  });

  it('gives an online deposit a cashier page and an offline one the receiving account and the reference', async () => {
    const player = await newPlayer(server());
    const online = DepositSchema.parse((await deposit(server(), player, { methodCode: 'ALIPAY_SCAN', amount: '500' })).json());
    expect(online.cashierUrl).toMatch(new RegExp(`^${wallet.gateway.url}/cashier/`));
    expect(online.reference).toMatch(/^D\d{8}\d{8}$/);
    expect(online.receivingAccount).toBeNull();

    const offline = DepositSchema.parse((await deposit(server(), player, { methodCode: 'MANUAL_BANK_TRANSFER', amount: '300.5', payerName: '张三' })).json());
    expect(offline).toMatchObject({ status: 'WAITING_FOR_AUDIT', statusText: '待财务确认', cashierUrl: null, payerName: '张三', sandbox: false });
    expect(offline.receivingAccount).toMatchObject({ bank: '中国工商银行', name: '金利科技有限公司' });
    expect(await balanceOf(server(), player.id)).toBe(0);
    expect((await reconcile(server().db.database.pool)).ok).toBe(true);
  });
});

describe('history', () => {
  it('lists the player’s own deposits newest first, filtered by status, inside the 30 days', async () => {
    const player = await newPlayer(server());
    const other = await newPlayer(server());
    await deposit(server(), player, { methodCode: 'ALIPAY_SCAN', amount: '100' });
    await deposit(server(), player, { methodCode: 'MANUAL_BANK_TRANSFER', amount: '200', payerName: '李四' });
    await deposit(server(), other, { methodCode: 'ALIPAY_SCAN', amount: '300' });
    const all = DepositHistorySchema.parse((await send(server(), 'GET', DEPOSIT_PATHS.history, player.cookie)).json());
    expect(all.total).toBe(2);
    expect(all.items.map((d) => d.amount)).toEqual([2_000_000, 1_000_000]);
    const waiting = DepositHistorySchema.parse((await send(server(), 'GET', `${DEPOSIT_PATHS.history}?status=WAITING_FOR_AUDIT`, player.cookie)).json());
    expect(waiting.items.map((d) => d.methodCode)).toEqual(['MANUAL_BANK_TRANSFER']);
    const old = await send(server(), 'GET', `${DEPOSIT_PATHS.history}?from=2020-01-01`, player.cookie);
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe('只能查询最近30天的充值记录');
    const foreign = await send(server(), 'GET', DEPOSIT_PATHS.one(all.items[0]!.id), other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('充值记录不存在');
  });
});

// Guards: an online method through a gateway counting in 分 refuses a sub-分 amount when the deposit is created, with the
// shared rule's field error (the same the PWA form applies), instead of an order that can only fail at the gateway.
describe('a gateway counting in 分 (PAYMENT_HTTP_AMOUNT_UNIT=FEN)', () => {
  let fen: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    // Nothing listens there: an amount that passes the rules goes on to the gateway (and fails there), not at the rule.
    fen = await startTestServer({
      PAYMENT_GATEWAY: 'http',
      PAYMENT_HTTP_AMOUNT_UNIT: 'FEN',
      PAYMENT_GATEWAY_URL: 'http://127.0.0.1:9',
      LOGIN_RATE_PER_MINUTE: '1000',
    });
    await fen.db.database.pool.query(`UPDATE deposit_methods SET integer_only = false WHERE code = 'ALIPAY_SCAN'`);
  }, 60_000);
  afterAll(() => fen?.close());

  it('marks online methods fenOnly and refuses an amount below 1 分 with 该支付方式仅支持精确到分的金额', async () => {
    const player = await newPlayer(fen);
    const list = DepositMethodListSchema.parse((await send(fen, 'GET', DEPOSIT_PATHS.methods, player.cookie)).json());
    const alipay = list.methods.find((m) => m.code === 'ALIPAY_SCAN')!;
    expect(alipay.fenOnly).toBe(true);
    expect(list.methods.find((m) => m.kind === 'OFFLINE')?.fenOnly).toBeUndefined();
    // The form's rule (shared) says it before anything is sent ...
    const rule = depositAmountRule(alipay).required;
    expect(rule.safeParse('100.005').error?.issues[0]?.message).toBe(FEN_ONLY_MESSAGE);
    expect(rule.safeParse('100.01').success).toBe(true);
    // ... and the server again, with no order written.
    const refused = await deposit(fen, player, { methodCode: 'ALIPAY_SCAN', amount: '100.005' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION', message: FEN_ONLY_MESSAGE, fields: { amount: FEN_ONLY_MESSAGE } });
    const count = await fen.db.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM deposits WHERE customer_id = $1', [player.id]);
    expect(count.rows[0]!.n).toBe(0);
    const whole = await deposit(fen, player, { methodCode: 'ALIPAY_SCAN', amount: '100.01' });
    expect(whole.statusCode, whole.body).not.toBe(400); // passed the rule, on to the (absent) gateway
  });
});

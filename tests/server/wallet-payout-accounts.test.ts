// Payout accounts (issue 17 item 3): every spec §5 rule reaches the API with its exact message and
// binds nothing; the money password (wrong, locked, not set); the real name set once; the per-kind
// maximum under parallel requests; masking; trial accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_MONEY_PASSWORD_MESSAGE, WITHDRAWAL_PATHS } from '../../src/shared/api/withdrawals.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { bankBody, bindBank, call, luhnCard, MONEY_PASSWORD, newPlayer, type Player } from './wallet-withdrawals-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ WITHDRAWAL_PAYOUT_INTERVAL_MS: '0' });
});
afterAll(async () => {
  await server?.close();
});

const bind = (player: Player, body: Record<string, unknown>) => call(server, 'POST', WITHDRAWAL_PATHS.payoutAccounts, player.cookie, body);
const boundCount = async (customerId: number) =>
  (await server.db.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM payout_accounts WHERE customer_id = $1', [customerId])).rows[0]!.n;

const TRC = `T${'A1b2C3d4E5'.repeat(3)}xyz`;
const ERC = `0x${'a1B2c3D4e5'.repeat(4)}`;

describe('spec §5 rules at the API', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['card number failing Luhn', bankBody({ accountNumber: '6217000000000000001' }), '输入的银行卡号有误，请仔细核对'],
    ['card number too short', bankBody({ accountNumber: '621700000000000' }), '输入的银行卡号有误，请仔细核对'],
    ['card number missing', bankBody({ accountNumber: '' }), '银行卡号不可以为空'],
    ['branch not Chinese', bankBody({ branch: 'Beijing branch' }), '开户支行仅支持 1~20 个中文字'],
    ['branch too long', bankBody({ branch: '北'.repeat(21) }), '开户支行仅支持 1~20 个中文字'],
    ['real name with digits', bankBody({ realName: '张三3' }), '开户人姓名只支持中/英文'],
    ['unknown bank', bankBody({ bankCode: 'NOPE' }), '请选择开户银行'],
    ['ERC address under TRC', { kind: 'USDT', protocol: 'USDT_TRC20', address: ERC, moneyPassword: MONEY_PASSWORD }, '钱包地址格式有误'],
    ['TRC address under ERC', { kind: 'USDT', protocol: 'USDT_ERC20', address: TRC, moneyPassword: MONEY_PASSWORD }, '钱包地址格式有误'],
    ['TRC address one short', { kind: 'USDT', protocol: 'USDT_TRC20', address: TRC.slice(0, -1), moneyPassword: MONEY_PASSWORD }, '钱包地址格式有误'],
    ['to-pay of 17', { kind: 'TO_PAY', address: 'a'.repeat(17), moneyPassword: MONEY_PASSWORD }, '钱包地址格式有误'],
    ['digital RMB name with a symbol', { kind: 'DIGITAL_RMB', walletName: '钱包!', walletAddress: '1234567890123456', moneyPassword: MONEY_PASSWORD }, '钱包名称格式不符'],
    ['digital RMB number of 15', { kind: 'DIGITAL_RMB', walletName: '钱包', walletAddress: '123456789012345', moneyPassword: MONEY_PASSWORD }, '钱包编号格式不符'],
    ['alipay account of 5', { kind: 'ALIPAY', account: 'ab@cd', realName: '张三', moneyPassword: MONEY_PASSWORD }, '支付宝账号由 6~100 位字母、数字或 @ . + - _ 组成'],
    ['wechat with a space', { kind: 'WECHAT', account: 'wx id 12', realName: '张三', moneyPassword: MONEY_PASSWORD }, '微信号由 6~20 位字母、数字、_ 或 - 组成'],
  ];
  it.each(cases)('%s', async (_name, body, message) => {
    const player = await newPlayer(server);
    const response = await bind(player, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message });
    expect(await boundCount(player.id)).toBe(0);
    expect((await server.db.database.pool.query('SELECT 1 FROM customer_real_names WHERE customer_id = $1', [player.id])).rowCount).toBe(0);
  });

  it('binds each kind with valid input and shows it masked', async () => {
    const player = await newPlayer(server);
    const card = luhnCard();
    await bindBank(server, player, { accountNumber: card });
    for (const body of [
      { kind: 'USDT', protocol: 'USDT_TRC20', address: TRC },
      { kind: 'USDT', protocol: 'USDT_ERC20', address: ERC },
      { kind: 'ALIPAY', account: 'player@example.com' },
      { kind: 'WECHAT', account: 'wxid_player1' },
      { kind: 'TO_PAY', address: 'ABCDEFGH12345678' },
      { kind: 'DIGITAL_RMB', walletName: '我的钱包', walletAddress: '1234567890123456' },
    ]) {
      const response = await bind(player, { ...body, moneyPassword: MONEY_PASSWORD });
      expect(response.statusCode, response.body).toBe(200);
    }
    const list = await call(server, 'GET', WITHDRAWAL_PATHS.payoutAccounts, player.cookie);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.accounts).toHaveLength(7);
    expect(body.realName).toBe('张*');
    expect(body.accounts[0]).toMatchObject({ kind: 'BANK', bankName: '中国工商银行', last4: card.slice(-4), label: `中国工商银行 **** ${card.slice(-4)}`, holderName: '张*' });
    expect(list.body).not.toContain(card);
    expect(list.body).not.toContain(TRC);
    expect(list.body).not.toContain('player@example.com');
    expect(list.body).not.toContain('1234567890123456');
  });
});

describe('money password', () => {
  it('a wrong one binds nothing; five wrong lock the check', async () => {
    const player = await newPlayer(server);
    const wrong = await bind(player, bankBody({ moneyPassword: 'wrong-pass' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: '资金密码错误', fields: { moneyPassword: '资金密码错误' } });
    for (let i = 0; i < 4; i++) await bind(player, bankBody({ moneyPassword: 'wrong-pass' }));
    const locked = await bind(player, bankBody());
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('资金密码错误次数过多，请 15 分钟后再试');
    expect(await boundCount(player.id)).toBe(0);
  });

  it('none set: says where to set one', async () => {
    const player = await newPlayer(server, { moneyPassword: null });
    const response = await bind(player, bankBody());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NO_MONEY_PASSWORD_MESSAGE);
    expect((await call(server, 'GET', WITHDRAWAL_PATHS.payoutAccounts, player.cookie)).json().hasMoneyPassword).toBe(false);
    expect(await boundCount(player.id)).toBe(0);
  });
});

describe('real name', () => {
  it('is required with the first account that has one, then fixed', async () => {
    const player = await newPlayer(server);
    const missing = await bind(player, bankBody({ realName: '' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('开户人姓名不可以为空');
    expect(await boundCount(player.id)).toBe(0);

    // USDT has no holder name: binding it does not set the name.
    expect((await bind(player, { kind: 'USDT', protocol: 'USDT_TRC20', address: TRC, moneyPassword: MONEY_PASSWORD })).statusCode).toBe(200);
    await bindBank(server, player, { realName: '李小龙' });
    const other = await bind(player, bankBody({ realName: '王五' }));
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('开户人姓名须与账户已登记的实名一致');
    const alipayOther = await bind(player, { kind: 'ALIPAY', account: 'someone@qq.com', realName: '王五', moneyPassword: MONEY_PASSWORD });
    expect(alipayOther.json().message).toBe('支付宝实名须与账户已登记的实名一致');
    // Without a name: the fixed one is used.
    const same = await bind(player, bankBody({ realName: undefined }));
    expect(same.statusCode).toBe(200);
    expect(same.json().holderName).toBe('李*龙');
    expect(await boundCount(player.id)).toBe(3);
    const stored = await server.db.database.pool.query('SELECT real_name FROM customer_real_names WHERE customer_id = $1', [player.id]);
    expect(stored.rows).toEqual([{ real_name: '李小龙' }]);
  });

  it('two first bindings at once with different names: one name wins, both accounts carry it', async () => {
    const player = await newPlayer(server);
    const answers = await Promise.all([bind(player, bankBody({ realName: '赵六' })), bind(player, bankBody({ realName: '孙七' }))]);
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(answers.find((a) => a.statusCode !== 200)!.json().message).toBe('开户人姓名须与账户已登记的实名一致');
  });
});

describe('limits', () => {
  it('the same account twice is refused', async () => {
    const player = await newPlayer(server);
    const card = luhnCard();
    await bindBank(server, player, { accountNumber: card });
    const again = await bind(player, bankBody({ accountNumber: card }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('该账户已绑定，请勿重复添加');
  });

  it('the per-kind maximum holds under many parallel bindings', async () => {
    await server.db.database.pool.query('UPDATE withdrawal_settings SET max_accounts_per_kind = 2');
    try {
      const player = await newPlayer(server);
      // Five at once: the money-password check reserves one of its five tries per request in flight.
      const answers = await Promise.all(Array.from({ length: 5 }, () => bind(player, bankBody())));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
      const refused = answers.filter((a) => a.statusCode === 409);
      expect(refused).toHaveLength(3);
      expect(refused[0]!.json().message).toBe('最多只能绑定 2 个银行卡账户');
      expect(await boundCount(player.id)).toBe(2);
    } finally {
      await server.db.database.pool.query('UPDATE withdrawal_settings SET max_accounts_per_kind = 5');
    }
  });

  it('a trial account cannot bind', async () => {
    const player = await newPlayer(server);
    await server.db.database.pool.query(`UPDATE customers SET test_mode = 'USER_TEST' WHERE id = $1`, [player.id]);
    const response = await bind(player, bankBody());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'TRIAL_FORBIDDEN', message: '试玩账号不能绑卡' });
    expect(await boundCount(player.id)).toBe(0);
  });

  it('anonymous: 401', async () => {
    const response = await server.app.inject({ method: 'GET', url: WITHDRAWAL_PATHS.payoutAccounts });
    expect(response.statusCode).toBe(401);
  });
});

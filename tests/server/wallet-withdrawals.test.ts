// Withdrawals without the gateway (issue 17 item 4): money password, required stake, amount and daily
// limits, the balance under parallel requests, the client key, the automatic audit, cancelling, and
// the history. Payouts: wallet-withdrawals-payouts.test.ts; the back office: wallet-withdrawals-audit.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_MONEY_PASSWORD_MESSAGE, WITHDRAWAL_PATHS } from '../../src/shared/api/withdrawals.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { playerAccountId, postTransfer, reconcile, systemAccountId } from '../../src/server/wallet/ledger.ts';
import { addRequiredStake } from '../../src/server/wallet/required-stake.ts';
import { placeWithdrawal } from '../../src/server/wallet/withdrawals/request.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { ageAccounts, balanceOf, bindBank, call, luhnCard, newPlayer, withdraw, yuan } from './wallet-withdrawals-support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ WITHDRAWAL_PAYOUT_INTERVAL_MS: '0' });
});
afterAll(async () => {
  await server?.close();
});
const pool = () => server.db.database.pool;
const transfersOf = async (reference: string) =>
  (await pool().query<{ type: string; state: string }>('SELECT type, state FROM ledger_transfers WHERE reference = $1 ORDER BY id', [reference])).rows;

describe('a request', () => {
  it('holds the amount (WPEND) and goes to manual audit the first time (new account, first withdrawal)', async () => {
    const player = await newPlayer(server, { balance: yuan(1_000) });
    const account = await bindBank(server, player);
    const response = await withdraw(server, player, account, '300');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ amount: yuan(300), fee: 0, netAmount: yuan(300), status: 'AUTO_AUDIT_FAILED', statusText: '系统审核未通过，已转人工审核', cancellable: true });
    expect(body.reference).toMatch(/^W\d{8}\d{8}$/);
    expect(await balanceOf(server, player.id)).toBe(yuan(700));
    expect(await transfersOf(body.reference)).toEqual([{ type: 'WPEND', state: 'PENDING' }]);
    const flags = (await pool().query('SELECT flags FROM withdrawals WHERE id = $1', [body.id])).rows[0].flags;
    expect(flags).toEqual(['NEW_PAYOUT_ACCOUNT', 'FIRST_WITHDRAWAL']);
    expect((await reconcile(pool())).ok).toBe(true);
  });

  it('passes the automatic audit when no rule applies (old account, earlier paid withdrawal)', async () => {
    const player = await newPlayer(server, { balance: yuan(1_000) });
    const account = await bindBank(server, player);
    await ageAccounts(server, player.id);
    const first = (await withdraw(server, player, account, '100')).json();
    await pool().query(`UPDATE withdrawals SET status = 'SUCCESS' WHERE id = $1`, [first.id]);
    const second = await withdraw(server, player, account, '100');
    expect(second.json()).toMatchObject({ status: 'SUBMITTED', statusText: '出款中', cancellable: false });
  });

  it('flags a large amount, a shared account and a net win far above the last deposit', async () => {
    const a = await newPlayer(server, { balance: yuan(1_000) });
    const b = await newPlayer(server);
    const card = luhnCard();
    const accountId = await bindBank(server, a, { accountNumber: card });
    await bindBank(server, b, { accountNumber: card });
    // A net win of 11× the last deposit (¥1,000 deposited, ¥11,000 won).
    await withTransaction(pool(), async (client) => {
      const wallet = await playerAccountId(client, a.id);
      const house = await systemAccountId(client, 'house:test-wins', 'HOUSE');
      await postTransfer(client, {
        idempotencyKey: `test-win:${randomUUID()}`,
        type: 'WIN',
        legs: [
          { accountId: house, amount: -yuan(11_000) },
          { accountId: wallet, amount: yuan(11_000) },
        ],
      });
    });
    const response = await withdraw(server, a, accountId, '10000');
    expect(response.statusCode, response.body).toBe(200);
    const flags = (await pool().query('SELECT flags FROM withdrawals WHERE id = $1', [response.json().id])).rows[0].flags;
    expect(flags).toEqual(['LARGE_AMOUNT', 'NEW_PAYOUT_ACCOUNT', 'FIRST_WITHDRAWAL', 'HIGH_WIN_RATIO', 'SHARED_PAYOUT_ACCOUNT']);
  });

  it('is replayed, not repeated, for the same client key', async () => {
    const player = await newPlayer(server, { balance: yuan(1_000) });
    const account = await bindBank(server, player);
    const clientKey = randomUUID();
    const [one, two] = await Promise.all([withdraw(server, player, account, '200', { clientKey }), withdraw(server, player, account, '200', { clientKey })]);
    expect(one.json().id).toBe(two.json().id);
    expect(await balanceOf(server, player.id)).toBe(yuan(800));
  });
});

describe('refusals change nothing', () => {
  const refused = async (setup: (p: Awaited<ReturnType<typeof newPlayer>>, account: number) => Promise<unknown>, amount: string, status: number, message: string, extra = {}) => {
    const player = await newPlayer(server, { balance: yuan(1_000) });
    const account = await bindBank(server, player);
    await setup(player, account);
    const before = await balanceOf(server, player.id);
    const count = async () => (await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM withdrawals WHERE customer_id = $1', [player.id])).rows[0]!.n;
    const n = await count();
    const response = await withdraw(server, player, account, amount, extra);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toBe(message);
    expect(await balanceOf(server, player.id)).toBe(before);
    expect(await count()).toBe(n);
  };
  const nothing = async () => {};

  it('wrong money password', () => refused(nothing, '100', 400, '资金密码错误', { moneyPassword: 'wrong-one' }));
  it('below the minimum', () => refused(nothing, '99.99', 400, '提现金额不能低于 100 元'));
  it('above the maximum', () => refused(nothing, '50000.01', 400, '提现金额不能高于 50000 元'));
  it('not a number', () => refused(nothing, 'abc', 400, '请输入有效的提现金额'));
  it('more than the balance', () => refused(nothing, '1000.01', 409, '余额不足'));
  it('unknown payout account', async () => {
    const player = await newPlayer(server, { balance: yuan(1_000) });
    const other = await newPlayer(server);
    const theirs = await bindBank(server, other);
    const response = await withdraw(server, player, theirs, '100');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('请选择收款账户');
  });
  it('required stake not yet met, with the amount left', () =>
    refused(
      async (p) => withTransaction(pool(), (client) => addRequiredStake(client, p.id, yuan(250) + 5_000, 'DEPOSIT', 'test')),
      '100',
      409,
      '还需完成 ¥250.5 打码量才能提现',
    ));
  it('daily count', () =>
    refused(
      async (p, account) => {
        await pool().query('UPDATE withdrawal_settings SET daily_count_limit = 2');
        await withdraw(server, p, account, '100');
        const cancelled = (await withdraw(server, p, account, '100')).json();
        // A cancelled request gives its place back.
        await call(server, 'POST', WITHDRAWAL_PATHS.withdrawalCancel(cancelled.id), p.cookie);
        await withdraw(server, p, account, '100');
      },
      '100',
      409,
      '今日提现次数已达上限（2 次）',
    ).finally(() => pool().query('UPDATE withdrawal_settings SET daily_count_limit = 5')));
  it('daily amount', () =>
    refused(
      async (p, account) => {
        await pool().query('UPDATE withdrawal_settings SET daily_amount_limit = $1', [yuan(500)]);
        await withdraw(server, p, account, '300');
      },
      '300',
      409,
      '超出今日提现额度，今日还可提现 ¥200',
    ).finally(() => pool().query('UPDATE withdrawal_settings SET daily_amount_limit = $1', [yuan(200_000)])));
  it('no money password set', async () => {
    const player = await newPlayer(server, { balance: yuan(1_000) });
    await pool().query('UPDATE customers SET money_password_hash = NULL WHERE id = $1', [player.id]);
    const response = await withdraw(server, player, 1, '100');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NO_MONEY_PASSWORD_MESSAGE);
  });
  it('a trial account', async () => {
    const player = await newPlayer(server, { balance: yuan(1_000) });
    const account = await bindBank(server, player);
    await pool().query(`UPDATE customers SET test_mode = 'USER_TEST' WHERE id = $1`, [player.id]);
    const response = await withdraw(server, player, account, '100');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'TRIAL_FORBIDDEN', message: '试玩账号不能提现' });
    expect((await call(server, 'GET', WITHDRAWAL_PATHS.withdrawalHistory, player.cookie)).statusCode).toBe(403);
  });
});

describe('one balance, many requests at once', () => {
  it('never overdraws (30 requests of ¥100 on ¥1,000, on many connections)', async () => {
    const player = await newPlayer(server, { balance: yuan(1_000) });
    const account = await bindBank(server, player);
    await pool().query('UPDATE withdrawal_settings SET daily_count_limit = 100, daily_amount_limit = $1', [yuan(1_000_000)]);
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 30 }, () => placeWithdrawal(pool(), player.id, { payoutAccountId: account, amount: yuan(100), clientKey: randomUUID() })),
      );
      const placed = results.filter((r) => r.status === 'fulfilled');
      expect(placed).toHaveLength(10);
      for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toBe('余额不足');
      expect(await balanceOf(server, player.id)).toBe(0);
      // Through the API as well (five at once: the money-password check allows five tries in flight).
      const more = await Promise.all(Array.from({ length: 5 }, () => withdraw(server, player, account, '100')));
      expect(more.every((r) => r.statusCode === 409 && r.json().message === '余额不足')).toBe(true);
      expect((await reconcile(pool())).ok).toBe(true);
    } finally {
      await pool().query('UPDATE withdrawal_settings SET daily_count_limit = 5, daily_amount_limit = $1', [yuan(200_000)]);
    }
  });

  it('the API path holds the line too (five at once on room for two)', async () => {
    const player = await newPlayer(server, { balance: yuan(250) });
    const account = await bindBank(server, player);
    const answers = await Promise.all(Array.from({ length: 5 }, () => withdraw(server, player, account, '100')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    expect(await balanceOf(server, player.id)).toBe(yuan(50));
  });
});

describe('cancelling', () => {
  it('returns the money (WFAIL) once; a second cancel is refused', async () => {
    const player = await newPlayer(server, { balance: yuan(1_000) });
    const account = await bindBank(server, player);
    const requested = (await withdraw(server, player, account, '400')).json();
    const cancel = () => call(server, 'POST', WITHDRAWAL_PATHS.withdrawalCancel(requested.id), player.cookie);
    const [a, b] = await Promise.all([cancel(), cancel()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const ok = a.statusCode === 200 ? a : b;
    expect(ok.json()).toMatchObject({ status: 'CANCELLED', statusText: '用户已取消', cancellable: false });
    expect((a.statusCode === 409 ? a : b).json().message).toBe('该提现单已在处理中，无法取消');
    expect(await balanceOf(server, player.id)).toBe(yuan(1_000));
    expect(await transfersOf(requested.reference)).toEqual([
      { type: 'WPEND', state: 'VOIDED' },
      { type: 'WFAIL', state: 'POSTED' },
    ]);
  });

  it("someone else's request: not found", async () => {
    const owner = await newPlayer(server, { balance: yuan(1_000) });
    const requested = (await withdraw(server, owner, await bindBank(server, owner), '100')).json();
    const other = await newPlayer(server);
    const response = await call(server, 'POST', WITHDRAWAL_PATHS.withdrawalCancel(requested.id), other.cookie);
    expect(response.statusCode).toBe(404);
    expect(await balanceOf(server, owner.id)).toBe(yuan(900));
  });
});

describe('the page', () => {
  it('config shows limits, today, the required stake and the money-password state', async () => {
    const player = await newPlayer(server, { balance: yuan(1_000) });
    await withTransaction(pool(), (client) => addRequiredStake(client, player.id, yuan(30), 'DEPOSIT', 'test'));
    const config = (await call(server, 'GET', WITHDRAWAL_PATHS.withdrawalConfig, player.cookie)).json();
    expect(config).toMatchObject({
      balance: yuan(1_000),
      minAmount: yuan(100),
      maxAmount: yuan(50_000),
      dailyCountLimit: 5,
      usedToday: { count: 0, amount: 0 },
      requiredStakeRemaining: yuan(30),
      hasMoneyPassword: true,
      enabledKinds: ['BANK', 'USDT', 'ALIPAY', 'TO_PAY', 'WECHAT', 'DIGITAL_RMB'],
    });
  });

  it('history filters by status and keeps to 30 days', async () => {
    const player = await newPlayer(server, { balance: yuan(1_000) });
    const account = await bindBank(server, player);
    const first = (await withdraw(server, player, account, '100')).json();
    await withdraw(server, player, account, '200');
    await call(server, 'POST', WITHDRAWAL_PATHS.withdrawalCancel(first.id), player.cookie);
    const old = (await withdraw(server, player, account, '300')).json();
    await pool().query(`UPDATE withdrawals SET created_at = now() - interval '40 days' WHERE id = $1`, [old.id]);
    const all = (await call(server, 'GET', WITHDRAWAL_PATHS.withdrawalHistory, player.cookie)).json();
    expect(all.total).toBe(2);
    expect(all.items.map((i: { amount: number }) => i.amount)).toEqual([yuan(200), yuan(100)]);
    expect(all.items[0].payoutAccountLabel).toMatch(/^中国工商银行 \*\*\*\* \d{4}$/);
    const cancelled = (await call(server, 'GET', `${WITHDRAWAL_PATHS.withdrawalHistory}?status=CANCELLED`, player.cookie)).json();
    expect(cancelled.items.map((i: { id: number }) => i.id)).toEqual([first.id]);
  });
});

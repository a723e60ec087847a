// The main wallet's statement, total balance and required stake over HTTP: the statement is the
// ledger (entry for entry), its filters and spec §9's 30-day window, and the required stake counted
// once however many refreshes arrive at once — settled bets only, never cancelled ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/server/db/pool.ts';
import {
  addRequiredStake,
  readRequiredStake,
  refreshRequiredStake,
  REQUIRED_STAKE_OUT_OF_RANGE,
  SETTLEMENT_LAG_MS,
} from '../../src/server/wallet/required-stake.ts';
import { createPending, playerAccountId, postTransfer, resolvePending, systemAccountId } from '../../src/server/wallet/ledger.ts';
import { listTransactions } from '../../src/server/wallet/statements/transactions.ts';
import { STATEMENT_WINDOW_MESSAGE, statementWindow, TransactionListQuerySchema, TransactionListSchema } from '../../src/shared/api/wallet.ts';
import { DAY_MS } from '../../src/shared/draws/schedule/beijing-time.ts';
import { WALLET_TRANSACTION_TYPES } from '../../src/shared/enums.ts';
import { yuan } from '../../src/shared/money.ts';
import { TRANSACTION_GROUP_TYPES, TRANSACTION_GROUPS, TRANSACTION_TYPE_LABELS } from '../../src/shared/wallet/transaction-types.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { createCustomer } from './accounts-support.ts';

let server: TestServer;
const pool = () => server.db.database.pool;
let serial = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const get = (url: string, cookie?: string) => server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const put = (url: string, cookie: string) => server.app.inject({ method: 'PUT', url, headers: { ...MUTATION_HEADERS, cookie }, payload: {} });

/** A player of this test with its own wallet and session. */
async function newPlayer(): Promise<{ customerId: number; wallet: number; cookie: string }> {
  const username = `stmt_${process.pid}_${serial++}`;
  const customerId = await createCustomer(server, { username, password: 'abc12345' });
  const wallet = await playerAccountId(pool(), customerId);
  return { customerId, wallet, cookie: await loginCookie(server.app, username, 'abc12345') };
}

/** Deposit ¥500, bet ¥20, win ¥38, ask to withdraw ¥100 and have it returned, bet ¥10 and cancel it. */
async function history(customerId: number, wallet: number): Promise<void> {
  const external = await systemAccountId(pool(), 'external:gateway:test', 'EXTERNAL');
  const house = await systemAccountId(pool(), 'house:test', 'HOUSE');
  const post = (key: string, type: 'DEP' | 'BET' | 'WIN' | 'REF', amount: number, from: number, to: number) =>
    withTransaction(pool(), (client) =>
      postTransfer(client, { idempotencyKey: `${key}:${customerId}`, type, reference: `${key}:${customerId}`, legs: [{ accountId: from, amount: -amount }, { accountId: to, amount }] }),
    );
  await post('dep', 'DEP', yuan(500), external, wallet);
  await post('bet1', 'BET', yuan(20), wallet, house);
  await post('win1', 'WIN', yuan(38), house, wallet);
  const pending = await withTransaction(pool(), (client) =>
    createPending(client, { idempotencyKey: `wpend:${customerId}`, type: 'WPEND', fromAccountId: wallet, amount: yuan(100), reference: `withdrawal:${customerId}` }),
  );
  await withTransaction(pool(), (client) => resolvePending(client, { pendingTransferId: pending.transferId, outcome: 'VOIDED', type: 'WFAIL' }));
  await post('bet2', 'BET', yuan(10), wallet, house);
  await post('ref2', 'REF', yuan(10), house, wallet);
}

describe('transaction types', () => {
  it('labels every code and puts each in exactly one filter group', () => {
    for (const code of WALLET_TRANSACTION_TYPES) {
      expect(TRANSACTION_TYPE_LABELS[code], code).toMatch(/[\u4e00-\u9fff]/);
      expect(TRANSACTION_GROUPS.filter((group) => TRANSACTION_GROUP_TYPES[group].includes(code)), code).toHaveLength(1);
    }
  });
});

describe('GET /ajax/wallet/transactions', () => {
  it('shows every ledger entry of the main wallet, newest first, with its label, signed amount and balance after', async () => {
    const { customerId, wallet, cookie } = await newPlayer();
    await history(customerId, wallet);
    const response = await get('/ajax/wallet/transactions', cookie);
    expect(response.statusCode).toBe(200);
    const list = TransactionListSchema.parse(response.json());
    const ledger = await pool().query<{ id: number; type: string; amount: number; balance_after: number; reference: string | null }>(
      `SELECT e.id, t.type, e.amount, e.balance_after, t.reference FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
        WHERE e.account_id = $1 ORDER BY e.created_at DESC, e.id DESC`,
      [wallet],
    );
    expect(list.total).toBe(7);
    expect(list.items.map((i) => ({ id: i.id, type: i.type, amount: i.amount, balance_after: i.balanceAfter, reference: i.reference }))).toEqual(ledger.rows);
    expect(list.items.map((i) => i.typeLabel)).toEqual(['撤单退款', '投注', '提现退回', '提现冻结', '派奖', '投注', '充值']);
    expect(list.items.map((i) => i.amount)).toEqual([yuan(10), -yuan(10), yuan(100), -yuan(100), yuan(38), -yuan(20), yuan(500)]);
    expect(list.items[0]!.balanceAfter).toBe(yuan(518));
  });

  it('filters by one type or a group, and pages', async () => {
    const { customerId, wallet, cookie } = await newPlayer();
    await history(customerId, wallet);
    const types = async (query: string) => TransactionListSchema.parse((await get(`/ajax/wallet/transactions?${query}`, cookie)).json());
    expect((await types('type=BET')).items.map((i) => i.type)).toEqual(['BET', 'BET']);
    expect((await types('type=withdrawal')).items.map((i) => i.type)).toEqual(['WFAIL', 'WPEND']);
    expect((await types('type=deposit')).items.map((i) => i.amount)).toEqual([yuan(500)]);
    expect((await types('type=bet')).total).toBe(3);
    const first = await types('pageSize=3');
    const third = await types('pageSize=3&page=3');
    expect([first.total, first.items.length, third.items.length]).toEqual([7, 3, 1]);
    expect(third.items[0]!.type).toBe('DEP');
    expect((await types('pageSize=3&page=9')).items).toEqual([]);
  });

  it('refuses a bad query in Chinese and never answers 500', async () => {
    const { cookie } = await newPlayer();
    const { earliest } = statementWindow(Date.now());
    const dayBefore = new Date(Date.parse(`${earliest}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
    const cases: [string, string, string][] = [
      ['type=NOPE', 'type', '交易类型不存在'],
      ['from=2026-02-30', 'from', '请选择有效的开始日期'],
      ['to=yesterday', 'to', '请选择有效的结束日期'],
      ['page=0', 'page', '页码必须为正整数'],
      ['pageSize=1000', 'pageSize', '每页最多100条'],
      [`from=${dayBefore}`, 'from', STATEMENT_WINDOW_MESSAGE],
      [`to=${dayBefore}`, 'to', STATEMENT_WINDOW_MESSAGE],
      [`from=${earliest}&to=${dayBefore}`, 'to', '结束日期不能早于开始日期'],
    ];
    for (const [query, field, message] of cases) {
      const response = await get(`/ajax/wallet/transactions?${query}`, cookie);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ code: 'VALIDATION', message, fields: { [field]: message } });
    }
    expect((await get(`/ajax/wallet/transactions?from=${earliest}`, cookie)).statusCode).toBe(200);
  });

  it('keeps to the 30 Beijing days of spec §9 and to the dates asked for', async () => {
    const { customerId, wallet } = await newPlayer();
    await history(customerId, wallet);
    const query = (raw: Record<string, string>) => TransactionListQuerySchema.parse(raw);
    const now = Date.now();
    const today = statementWindow(now).today;
    const list = (raw: Record<string, string>, at: number) => listTransactions(pool(), customerId, query(raw), at);
    expect((await list({ from: today, to: today }, now)).total).toBe(7);
    // Five days on, today's entries are still inside the window, but not in a range that starts later.
    const later = now + 5 * DAY_MS;
    expect((await list({}, later)).total).toBe(7);
    expect((await list({ from: statementWindow(later).today }, later)).total).toBe(0);
    // Thirty days on they have left the window: not shown, and asking for their day is refused.
    const gone = now + 30 * DAY_MS;
    expect((await list({}, gone)).total).toBe(0);
    await expect(list({ from: today }, gone)).rejects.toMatchObject({ statusCode: 400, message: STATEMENT_WINDOW_MESSAGE });
  });

  it('is for logged-in customers only; trial accounts read theirs', async () => {
    expect((await get('/ajax/wallet/transactions')).statusCode).toBe(401);
    const trial = await loginCookie(server.app, 'demo_trial');
    const response = await get('/ajax/wallet/transactions', trial);
    expect(response.statusCode).toBe(200);
    expect(TransactionListSchema.parse(response.json()).items.map((i) => i.type)).toContain('TRIAL');
  });
});

describe('GET /ajax/wallet/total-balance', () => {
  it('is the main wallet (no third-party wallets yet)', async () => {
    const { customerId, wallet, cookie } = await newPlayer();
    expect((await get('/ajax/wallet/total-balance', cookie)).json()).toEqual({ total: 0, mainWallet: 0, thirdParty: [] });
    await history(customerId, wallet);
    expect((await get('/ajax/wallet/total-balance', cookie)).json()).toEqual({ total: yuan(518), mainWallet: yuan(518), thirdParty: [] });
    expect((await get('/ajax/wallet/total-balance')).statusCode).toBe(401);
  });
});

describe('required stake', () => {
  let orderSerial = 0;
  async function order(customerId: number, status: string, stake: number): Promise<void> {
    const settled = status === 'WON' || status === 'LOST';
    await pool().query(
      `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, status, bet_count, total_stake, prize_group,
                           settled_at, cancelled_at)
       VALUES ($1, $2, 'CQSSC', 'REGULAR', '20310101-001', $3, 1, $4, 1950, $5, $6)`,
      [customerId, `rs-${orderSerial++}`, status, stake, settled ? new Date() : null, settled ? null : status === 'PENDING' ? null : new Date()],
    );
  }
  const events = async (customerId: number) =>
    (await pool().query<{ kind: string; amount: number }>('SELECT kind, amount::int FROM required_stake_events WHERE customer_id = $1 ORDER BY id', [customerId])).rows;

  it('counts settled bets once however many refreshes run at once; cancelled and pending bets do not count', async () => {
    const { customerId, cookie } = await newPlayer();
    expect((await get('/ajax/wallet/required-stake', cookie)).json()).toMatchObject({ remaining: 0, counted: 0 });
    await withTransaction(pool(), (client) => addRequiredStake(client, customerId, yuan(500), 'DEPOSIT', 'deposit:test'));
    await order(customerId, 'WON', yuan(100));
    await order(customerId, 'LOST', yuan(50));
    await order(customerId, 'CUSTOMER_CANCELED', yuan(200));
    await order(customerId, 'SYSTEM_CANCELED', yuan(200));
    await order(customerId, 'PENDING', yuan(70));

    // GET reads without writing.
    expect((await get('/ajax/wallet/required-stake', cookie)).json()).toMatchObject({ remaining: yuan(350), counted: yuan(150) });
    expect(await events(customerId)).toEqual([{ kind: 'DEPOSIT', amount: yuan(500) }]);

    // Bets settled within the settlement lag are taken off on the fly; the saved count waits for them.
    const answers = await Promise.all(Array.from({ length: 16 }, () => put('/ajax/wallet/required-stake/refresh', cookie)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(16).fill(200));
    expect(answers.every((a) => a.json().remaining === yuan(350))).toBe(true);
    expect(await events(customerId)).toEqual([{ kind: 'DEPOSIT', amount: yuan(500) }]);

    // Once the lag has passed, 16 refreshes at once save the count exactly once.
    const later = new Date(Date.now() + SETTLEMENT_LAG_MS + 60_000);
    const saved = await Promise.all(
      Array.from({ length: 16 }, () => withTransaction(pool(), (client) => refreshRequiredStake(client, customerId, later))),
    );
    expect(saved.every((state) => state.remaining === yuan(350))).toBe(true);
    expect(saved.map((state) => state.counted).reduce((a, b) => a + b, 0)).toBe(yuan(150));
    expect(await events(customerId)).toEqual([
      { kind: 'DEPOSIT', amount: yuan(500) },
      { kind: 'TURNOVER', amount: -yuan(150) },
    ]);
    const row = await pool().query<{ remaining: number }>('SELECT remaining FROM required_stakes WHERE customer_id = $1', [customerId]);
    expect(row.rows[0]!.remaining).toBe(yuan(350));
  });

  it('a bet whose settlement was still in flight when a deposit added its requirement is counted once it commits, and only once', async () => {
    const { customerId } = await newPlayer();
    const t = Date.now();
    const at = (offsetMs: number) => new Date(t + offsetMs);
    // An earlier requirement of ¥100 (e.g. a bonus), counted up to 30 minutes ago.
    await withTransaction(pool(), (client) => addRequiredStake(client, customerId, yuan(100), 'ADJUSTMENT', 'inflight-earlier', at(-30 * 60_000)));
    // A ¥100 bet settles: its settlement time is stamped 30 s ago, but its transaction has not committed yet.
    // Meanwhile a deposit is credited and adds ¥200 (creditDeposit → addRequiredStake at "now").
    await withTransaction(pool(), (client) => addRequiredStake(client, customerId, yuan(200), 'DEPOSIT', 'inflight-deposit', at(0)));
    // Now the settlement commits (a settled third-party record: the same counting path as orders).
    await pool().query(
      `INSERT INTO provider_bet_records (provider, record_id, player_ref, customer_id, catalogue, game_id, stake, payout, valid_stake, status,
                                         placed_at, settled_at, settled_seen_at)
       VALUES ('PG', $1, 'inflight', $2, 'SLOT', 'g1', $3, 0, $3, 'SETTLED', $4, $4, $4)`,
      [`inflight-${customerId}`, customerId, yuan(100), at(-30_000)],
    );
    // The ¥100 stake reduces the ¥300 owed to ¥200, on the fly and then saved; never twice.
    expect((await withTransaction(pool(), (client) => refreshRequiredStake(client, customerId, at(60_000)))).remaining).toBe(yuan(200));
    expect((await withTransaction(pool(), (client) => refreshRequiredStake(client, customerId, at(20 * 60_000)))).remaining).toBe(yuan(200));
    expect((await withTransaction(pool(), (client) => refreshRequiredStake(client, customerId, at(40 * 60_000)))).remaining).toBe(yuan(200));
    expect((await readRequiredStake(pool(), customerId, at(40 * 60_000))).remaining).toBe(yuan(200));
    expect((await events(customerId)).filter((e) => e.kind === 'TURNOVER')).toEqual([{ kind: 'TURNOVER', amount: -yuan(100) }]);
  });

  it('stake settled before a requirement was added reduces only what was owed before it', async () => {
    const { customerId } = await newPlayer();
    await withTransaction(pool(), (client) => addRequiredStake(client, customerId, yuan(100), 'BONUS', 'before:bonus'));
    await order(customerId, 'LOST', yuan(250));
    // ¥250 settled: ¥100 clears the bonus, the other ¥150 came before the deposit and does not count against it.
    const added = await withTransaction(pool(), (client) => addRequiredStake(client, customerId, yuan(200), 'DEPOSIT', 'before:deposit'));
    expect(added.remaining).toBe(yuan(200));
    expect((await readRequiredStake(pool(), customerId)).remaining).toBe(yuan(200));
    const later = new Date(Date.now() + SETTLEMENT_LAG_MS + 60_000);
    expect((await withTransaction(pool(), (client) => refreshRequiredStake(client, customerId, later))).remaining).toBe(yuan(200));
    // The history adds up to what is saved: the part held back from the deposit, then the saved count of all ¥250.
    expect(await events(customerId)).toEqual([
      { kind: 'BONUS', amount: yuan(100) },
      { kind: 'ADJUSTMENT', amount: yuan(150) },
      { kind: 'DEPOSIT', amount: yuan(200) },
      { kind: 'TURNOVER', amount: -yuan(250) },
    ]);
  });

  it('never passes the safe-integer range: a requirement that would is refused and writes nothing', async () => {
    const { customerId } = await newPlayer();
    await withTransaction(pool(), (client) => addRequiredStake(client, customerId, Number.MAX_SAFE_INTEGER - 10, 'ADJUSTMENT', 'huge:1'));
    await expect(withTransaction(pool(), (client) => addRequiredStake(client, customerId, 11, 'DEPOSIT', 'huge:2'))).rejects.toMatchObject({
      statusCode: 409,
      message: REQUIRED_STAKE_OUT_OF_RANGE,
    });
    await expect(withTransaction(pool(), (client) => addRequiredStake(client, customerId, 2 ** 60, 'DEPOSIT', 'huge:3'))).rejects.toMatchObject({
      statusCode: 409,
    });
    expect((await readRequiredStake(pool(), customerId)).remaining).toBe(Number.MAX_SAFE_INTEGER - 10);
    const written = await pool().query('SELECT 1 FROM required_stake_events WHERE customer_id = $1', [customerId]);
    expect(written.rowCount).toBe(1);
  });

  it('never goes below zero, and trial accounts may refresh theirs', async () => {
    const { customerId, cookie } = await newPlayer();
    await withTransaction(pool(), (client) => addRequiredStake(client, customerId, yuan(10), 'DEPOSIT', 'deposit:small'));
    await order(customerId, 'LOST', yuan(30));
    expect((await put('/ajax/wallet/required-stake/refresh', cookie)).json()).toMatchObject({ remaining: 0, counted: yuan(10) });
    const trial = await loginCookie(server.app, 'demo_trial');
    expect((await put('/ajax/wallet/required-stake/refresh', trial)).statusCode).toBe(200);
    expect((await put('/ajax/wallet/required-stake/refresh', '')).statusCode).toBe(401);
  });
});

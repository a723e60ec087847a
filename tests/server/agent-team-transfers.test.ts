// Issue 19 item 5: an agent's transfer to a direct member (TT). Money password, amount rules, the daily
// cap, refused receivers, idempotency, both statements — and many parallel transfers from many
// connections, which never overdraw the agent nor pass the daily cap.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_TEAM_PATHS, TRANSFER_LIMIT_DEFAULTS } from '../../src/shared/api/agent-team.ts';
import { WALLET_PATHS } from '../../src/shared/api/wallet.ts';
import { yuan } from '../../src/shared/money.ts';
import { placeTransfer } from '../../src/server/agents/team/transfers.ts';
import type { AppError } from '../../src/server/http/errors.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { addRequiredStake, refreshRequiredStake } from '../../src/server/wallet/required-stake.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { addCustomer, balanceOf, call, fund, idOf, MONEY_PASSWORD, type Member } from './agent-team-support.ts';

let server: TestServer;
let primaryId: number;

beforeAll(async () => {
  server = await startTestServer();
  primaryId = await idOf(server, 'demo_primary');
});
afterAll(async () => {
  await server?.close();
});

async function newAgent(funds: number): Promise<Member> {
  return addCustomer(server, { parentId: primaryId, type: 'AGENT', prizeGroup: 1956, funds, prefix: 'tag' });
}

async function transfer(agent: Member, body: Record<string, unknown>) {
  return call(server, 'POST', AGENT_TEAM_PATHS.transfers, await agent.cookie(), { moneyPassword: MONEY_PASSWORD, clientKey: randomUUID(), ...body });
}

const transferCount = async (agentId: number) =>
  (await server.db.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM agent_transfers WHERE agent_id = $1', [agentId])).rows[0]!.n;

describe('a transfer to a direct member', () => {
  it('moves the money in one TT transfer that both statements show', async () => {
    const agent = await newAgent(1_000);
    const member = await addCustomer(server, { parentId: agent.id, prizeGroup: 1950 });
    const sent = await transfer(agent, { memberId: member.id, amount: '100' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ memberId: member.id, username: member.username, amount: yuan(100), balance: yuan(900) });
    expect(sent.json().reference).toMatch(/^TT\d{8}\d{8}$/);
    expect(await balanceOf(server, agent.id)).toBe(yuan(900));
    expect(await balanceOf(server, member.id)).toBe(yuan(100));

    for (const [who, amount] of [[agent, -yuan(100)], [member, yuan(100)]] as const) {
      const statement = await call(server, 'GET', WALLET_PATHS.transactions, await who.cookie());
      expect(statement.statusCode, statement.body).toBe(200);
      const entry = statement.json().items.find((e: { type: string }) => e.type === 'TT');
      expect(entry, statement.body).toMatchObject({ amount, reference: sent.json().reference });
    }
    const records = await call(server, 'GET', `${AGENT_TEAM_PATHS.walletRecords}?kind=TRANSFER`, await agent.cookie());
    expect(records.json().items[0]).toMatchObject({ username: member.username, fromUsername: agent.username, amount: yuan(100), statusText: '已到账' });

    const config = await call(server, 'GET', AGENT_TEAM_PATHS.transferConfig, await agent.cookie());
    expect(config.json()).toMatchObject({ balance: yuan(900), usedToday: yuan(100), hasMoneyPassword: true, ...TRANSFER_LIMIT_DEFAULTS });
  });

  it('the same client key twice is one transfer; with another amount it is refused', async () => {
    const agent = await newAgent(1_000);
    const member = await addCustomer(server, { parentId: agent.id, prizeGroup: 1950 });
    const clientKey = randomUUID();
    const first = await transfer(agent, { memberId: member.id, amount: '50', clientKey });
    const again = await transfer(agent, { memberId: member.id, amount: '50', clientKey });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(await balanceOf(server, member.id)).toBe(yuan(50));
    const other = await transfer(agent, { memberId: member.id, amount: '60', clientKey });
    expect(other.statusCode).toBe(409);
    expect(await transferCount(agent.id)).toBe(1);
  });

  it('refuses bad input and every receiver it may not pay, changing nothing', async () => {
    const agent = await newAgent(1_000);
    const member = await addCustomer(server, { parentId: agent.id, type: 'AGENT', prizeGroup: 1950 });
    const deep = await addCustomer(server, { parentId: member.id, prizeGroup: 1940 });
    const trial = await addCustomer(server, { parentId: agent.id, prizeGroup: 1950, trial: true });
    const frozen = await addCustomer(server, { parentId: agent.id, prizeGroup: 1950 });
    await server.db.database.pool.query(`UPDATE customers SET frozen_at = now(), frozen_reason = 'test' WHERE id = $1`, [frozen.id]);
    const excluded = await addCustomer(server, { parentId: agent.id, prizeGroup: 1950 });
    await server.db.database.pool.query(
      `INSERT INTO protection_settings (customer_id, self_excluded_until) VALUES ($1, now() + interval '30 days')`,
      [excluded.id],
    );
    const stranger = await addCustomer(server, { parentId: primaryId, prizeGroup: 1950 });

    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ memberId: member.id, amount: '100', moneyPassword: 'wrong-pass' }, 400, /资金密码/],
      [{ memberId: member.id, amount: '0.5' }, 400, /转账金额不能低于 1 元/],
      [{ memberId: member.id, amount: '50001' }, 400, /转账金额不能高于 50000 元/],
      [{ memberId: member.id, amount: '1.00001' }, 400, /请输入有效的转账金额/],
      [{ memberId: member.id, amount: '5000' }, 409, /余额不足/],
      [{ memberId: member.id, amount: '1', clientKey: 'not-a-uuid' }, 400, /请求无效/],
      [{ memberId: deep.id, amount: '10' }, 409, /只能向直属会员转账/],
      [{ memberId: trial.id, amount: '10' }, 409, /试玩账号不能接收转账/],
      [{ memberId: frozen.id, amount: '10' }, 409, /冻结/],
      [{ memberId: excluded.id, amount: '10' }, 409, /冷静期或自我排除期/],
      [{ memberId: stranger.id, amount: '10' }, 404, /不在您的团队中/],
      [{ memberId: agent.id, amount: '10' }, 404, /不在您的团队中/],
      [{ memberId: 'x', amount: '10' }, 400, /./],
    ];
    for (const [body, status, message] of cases) {
      const refused = await transfer(agent, body);
      expect(refused.statusCode, `${JSON.stringify(body)} ${refused.body}`).toBe(status);
      expect(refused.json().message).toMatch(message);
    }
    expect(await balanceOf(server, agent.id)).toBe(yuan(1_000));
    expect(await transferCount(agent.id)).toBe(0);
  });

  it('needs a money password set first', async () => {
    const agent = await newAgent(100);
    await server.db.database.pool.query('UPDATE customers SET money_password_hash = NULL WHERE id = $1', [agent.id]);
    const member = await addCustomer(server, { parentId: agent.id, prizeGroup: 1950 });
    const refused = await transfer(agent, { memberId: member.id, amount: '10' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('请先在个人中心设置资金密码');
  });
});

describe('parallel transfers from many connections', () => {
  // The checks after the money password, called directly: the password check itself lets only a few
  // tries run at once (accounts/profile/password-checks.ts), which is not what is tested here.
  const place = (agent: Member, memberId: number, amount: number) =>
    placeTransfer(server.db.database.pool, agent.id, { memberId, amount, clientKey: randomUUID() }).then(
      () => ({ ok: true as const }),
      (error: unknown) => ({ ok: false as const, error: error as AppError }),
    );

  it('never overdraw the agent', async () => {
    const agent = await newAgent(1_000);
    const members = await Promise.all([0, 1, 2, 3].map(() => addCustomer(server, { parentId: agent.id, prizeGroup: 1950 })));
    const outcomes = await Promise.all(Array.from({ length: 24 }, (_, i) => place(agent, members[i % 4]!.id, yuan(100))));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(10);
    for (const outcome of outcomes) if (!outcome.ok) expect(outcome.error.message).toBe('余额不足');
    expect(await balanceOf(server, agent.id)).toBe(0);
    let received = 0;
    for (const member of members) received += await balanceOf(server, member.id);
    expect(received).toBe(yuan(1_000));
    expect(await transferCount(agent.id)).toBe(10);
    expect((await reconcile(server.db.database.pool)).ok).toBe(true);
  });

  it('never pass the daily cap together', async () => {
    const agent = await newAgent(0);
    await fund(server, agent.id, 300_000);
    const member = await addCustomer(server, { parentId: agent.id, prizeGroup: 1950 });
    // A transfer from an earlier day does not count towards today.
    await server.db.database.pool.query(
      `INSERT INTO agent_transfers (reference, agent_id, member_id, amount, client_key, transfer_id, created_at)
       VALUES ('TT-earlier', $1, $2, $3, $4, (SELECT min(id) FROM ledger_transfers), now() - interval '2 days')`,
      [agent.id, member.id, yuan(150_000), randomUUID()],
    );
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => place(agent, member.id, yuan(15_000))));
    const passed = outcomes.filter((o) => o.ok).length;
    expect(passed).toBe(Math.floor(TRANSFER_LIMIT_DEFAULTS.dailyAmountLimit / yuan(15_000)));
    for (const outcome of outcomes) if (!outcome.ok) expect(outcome.error.message).toMatch(/超出今日转账额度/);
    expect(await balanceOf(server, member.id)).toBe(passed * yuan(15_000));
  });
});

describe('the required stake (打码量) goes with the money', () => {
  const required = async (customerId: number) =>
    withTransaction(server.db.database.pool, async (client) => (await refreshRequiredStake(client, customerId)).remaining);
  const owe = (customerId: number, whole: number) =>
    withTransaction(server.db.database.pool, (client) => addRequiredStake(client, customerId, yuan(whole), 'DEPOSIT', `test-deposit:${randomUUID()}`));

  it('moves what the agent still owes, up to the amount, so the member cannot withdraw it unplayed', async () => {
    const agent = await newAgent(1_000);
    await owe(agent.id, 300);
    const member = await addCustomer(server, { parentId: agent.id, prizeGroup: 1950 });
    expect((await transfer(agent, { memberId: member.id, amount: '200' })).statusCode).toBe(200);
    expect(await required(member.id)).toBe(yuan(200));
    expect(await required(agent.id)).toBe(yuan(100));
    expect((await transfer(agent, { memberId: member.id, amount: '200' })).statusCode).toBe(200);
    // Only ¥100 was still owed: the rest of the money was the agent's to give.
    expect(await required(member.id)).toBe(yuan(300));
    expect(await required(agent.id)).toBe(0);
    const withdrawal = await call(server, 'GET', WALLET_PATHS.requiredStake, await member.cookie());
    expect(withdrawal.json(), withdrawal.body).toMatchObject({ remaining: yuan(300) });
  });

  it('moves nothing when the agent owes nothing', async () => {
    const agent = await newAgent(1_000);
    const member = await addCustomer(server, { parentId: agent.id, prizeGroup: 1950 });
    expect((await transfer(agent, { memberId: member.id, amount: '500' })).statusCode).toBe(200);
    expect(await required(member.id)).toBe(0);
  });

  it('never moves more than the agent owed when transfers to several members run at once', async () => {
    const agent = await newAgent(1_000);
    await owe(agent.id, 250);
    const members = await Promise.all([0, 1, 2, 3].map(() => addCustomer(server, { parentId: agent.id, prizeGroup: 1950 })));
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        placeTransfer(server.db.database.pool, agent.id, { memberId: members[i % 4]!.id, amount: yuan(50), clientKey: randomUUID() }),
      ),
    );
    expect(outcomes).toHaveLength(12);
    let moved = 0;
    for (const member of members) moved += await required(member.id);
    expect(moved).toBe(yuan(250));
    expect(await required(agent.id)).toBe(0);
    expect((await reconcile(server.db.database.pool)).ok).toBe(true);
  });
});

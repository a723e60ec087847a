// Bonus contracts (日工资 / 分红, docs/agents/commission.md): setting within one's own contract, the
// period job (level difference, contract versions), and approval that pays exactly once even when
// sent many times at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { runBonusJob } from '../../src/server/agents/commission/bonus.ts';
import { setContract } from '../../src/server/agents/commission/contracts.ts';
import { lastEndedPeriod } from '../../src/server/agents/commission/periods.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed.ts';
import { hashPassword } from '../../src/server/session/passwords.ts';
import { beijingDayOf, beijingMidnight } from '../../src/shared/draws/schedule/beijing-time.ts';
import { AGENT_COMMISSION_PATHS, type ContractBody } from '../../src/shared/api/agent-commission.ts';
import { AGENT_LINK_PATHS } from '../../src/shared/api/agent-links.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';
import { addCustomer, call } from './agent-team-support.ts';

let server: TestServer;
let pool: pg.Pool;
const ids: Record<string, number> = {};

async function idOf(username: string): Promise<number> {
  return (await pool.query<{ id: number }>('SELECT id FROM customers WHERE username_key = $1', [username])).rows[0]!.id;
}
async function balanceOf(customerId: number): Promise<number> {
  const found = await pool.query<{ balance: number }>(`SELECT balance FROM ledger_accounts WHERE code = $1`, [`player:${customerId}:main`]);
  return Number(found.rows[0]?.balance ?? 0);
}
async function loginAs(customerId: number): Promise<string> {
  const found = await pool.query<{ username: string }>('SELECT username FROM customers WHERE id = $1', [customerId]);
  return loginCookie(server.app, found.rows[0]!.username);
}
/** A primary agent (no upline; its contracts come from an operator). */
async function newPrimary(): Promise<number> {
  const name = `bonp${process.pid % 1000}x${Math.floor(Math.random() * 1e6)}`.slice(0, 16);
  const inserted = await pool.query<{ id: number }>(
    `INSERT INTO customers (username, username_key, password_hash, alias, type, prize_group)
     VALUES ($1, lower($1), $2, $1, 'PRIMARY_AGENT', 1960) RETURNING id`,
    [name, await hashPassword(DEMO_PASSWORD)],
  );
  return inserted.rows[0]!.id;
}
/**
 * When the job runs in these tests: noon (Beijing) of today, so yesterday is the one period ended and
 * past the settlement lag whatever the hour the suite runs at.
 */
const jobTime = () => beijingMidnight(beijingDayOf(Date.now())) + 12 * 3_600_000;
/**
 * Moves the contracts of `customerIds` (or all) back three days and their versions to the start of
 * yesterday (Beijing), so yesterday is the one period they were in force for.
 */
async function backdateContracts(customerIds?: number[]): Promise<void> {
  const which = customerIds ?? null;
  await pool.query(
    `UPDATE agent_bonus_contracts SET created_at = now() - interval '3 days', updated_at = now() - interval '3 days'
      WHERE $1::bigint[] IS NULL OR customer_id = ANY($1::bigint[])`,
    [which],
  );
  await pool.query(
    `UPDATE agent_bonus_contract_versions SET valid_from = (date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') - interval '1 day') AT TIME ZONE 'Asia/Shanghai'
      WHERE contract_id IN (SELECT id FROM agent_bonus_contracts WHERE $1::bigint[] IS NULL OR customer_id = ANY($1::bigint[]))`,
    [which],
  );
}
let orderCounter = 0;
/** A settled losing order of `stake` (0.0001 元) settled yesterday (Beijing). */
async function betYesterday(customerId: number, stake: number): Promise<void> {
  await pool.query(
    `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, status, bet_count, total_stake, prize_group, settled_at)
     VALUES ($1, $2, 'UUFFC', 'REGULAR', '1', 'LOST', 1, $3, 1950, now() - interval '1 day')`,
    [customerId, `bonus-t${process.pid}-${orderCounter++}`, stake],
  );
}
interface ResultFigures {
  customer_id: string;
  kind: string;
  rate: number;
  gross_amount: string;
  member_deduction: string;
  amount: string;
  status: string;
}
async function resultsOf(customerIds: number[]): Promise<ResultFigures[]> {
  const found = await pool.query<ResultFigures>(
    `SELECT customer_id::text, kind, rate, gross_amount::text, member_deduction::text, amount::text, status
       FROM agent_bonus_results WHERE customer_id = ANY($1::bigint[]) ORDER BY kind, array_position($1::bigint[], customer_id)`,
    [customerIds],
  );
  return found.rows;
}
const flat = (frequency: ContractBody['frequency'], rate: number): ContractBody => ({ frequency, tiers: [{ volume: 0, activeMembers: 1, rate }] });

const OWN = { frequency: 'DAILY' as const, tiers: [{ volume: 0, activeMembers: 1, rate: 100 }, { volume: 1_000_000, activeMembers: 1, rate: 200 }] };

beforeAll(async () => {
  server = await startTestServer();
  pool = server.db.database.pool;
  for (const name of ['demo_primary', 'demo_agent', 'demo_player']) ids[name] = await idOf(name);
  // The primary agent's own contract comes from an operator.
  await withTransaction(pool, (client) => setContract(client, { kind: 'operator', username: 'tester' }, ids.demo_primary!, 'DW', OWN));
});
afterAll(async () => {
  await server?.close();
});

describe('periods', () => {
  it('gives the last ended day, half month and month in Beijing time', () => {
    const at = Date.parse('2026-03-16T01:00:00+08:00');
    expect(lastEndedPeriod('DAILY', at)).toMatchObject({ start: '2026-03-15', end: '2026-03-15' });
    expect(lastEndedPeriod('SEMI_MONTHLY', at)).toMatchObject({ start: '2026-03-01', end: '2026-03-15' });
    expect(lastEndedPeriod('SEMI_MONTHLY', Date.parse('2026-03-02T00:00:00+08:00'))).toMatchObject({ start: '2026-02-16', end: '2026-02-28' });
    expect(lastEndedPeriod('MONTHLY', Date.parse('2026-01-05T00:00:00+08:00'))).toMatchObject({ start: '2025-12-01', end: '2025-12-31' });
  });
});

describe('contracts', () => {
  it('lets an agent set a direct member a contract no more generous than its own', async () => {
    const cookie = await loginCookie(server.app, 'demo_primary');
    const url = AGENT_COMMISSION_PATHS.contract(ids.demo_agent!, 'DW');
    const tooMuch = await server.app.inject({
      method: 'PUT', url, headers: { ...MUTATION_HEADERS, cookie },
      payload: { frequency: 'DAILY', tiers: [{ volume: 0, activeMembers: 1, rate: 150 }] },
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('契约比例不能高于您自己的契约');
    const wrongPeriod = await server.app.inject({
      method: 'PUT', url, headers: { ...MUTATION_HEADERS, cookie },
      payload: { frequency: 'MONTHLY', tiers: [{ volume: 0, activeMembers: 1, rate: 50 }] },
    });
    expect(wrongPeriod.statusCode).toBe(409);
    const ok = await server.app.inject({
      method: 'PUT', url, headers: { ...MUTATION_HEADERS, cookie },
      payload: { frequency: 'DAILY', tiers: [{ volume: 0, activeMembers: 1, rate: 80 }, { volume: 1_000_000, activeMembers: 1, rate: 150 }] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ customerId: ids.demo_agent, kind: 'DW', frequency: 'DAILY' });
  });

  it('refuses a member outside the direct team with 404, and a contract with no own contract of that kind', async () => {
    const cookie = await loginCookie(server.app, 'demo_primary');
    const grandchild = await server.app.inject({
      method: 'PUT', url: AGENT_COMMISSION_PATHS.contract(ids.demo_player!, 'DW'), headers: { ...MUTATION_HEADERS, cookie },
      payload: { frequency: 'DAILY', tiers: [{ volume: 0, activeMembers: 1, rate: 10 }] },
    });
    expect(grandchild.statusCode).toBe(404);
    const noOwn = await server.app.inject({
      method: 'PUT', url: AGENT_COMMISSION_PATHS.contract(ids.demo_agent!, 'BON'), headers: { ...MUTATION_HEADERS, cookie },
      payload: { frequency: 'DAILY', tiers: [{ volume: 0, activeMembers: 1, rate: 10 }] },
    });
    expect(noOwn.statusCode).toBe(409);
  });

  it('refuses lowering a contract below what its holder gave its own members', async () => {
    const agentCookie = await loginCookie(server.app, 'demo_agent');
    const given = await server.app.inject({
      method: 'PUT', url: AGENT_COMMISSION_PATHS.contract(ids.demo_player!, 'DW'), headers: { ...MUTATION_HEADERS, cookie: agentCookie },
      payload: { frequency: 'DAILY', tiers: [{ volume: 0, activeMembers: 1, rate: 60 }] },
    });
    expect(given.statusCode).toBe(200);
    const primaryCookie = await loginCookie(server.app, 'demo_primary');
    const lower = await server.app.inject({
      method: 'PUT', url: AGENT_COMMISSION_PATHS.contract(ids.demo_agent!, 'DW'), headers: { ...MUTATION_HEADERS, cookie: primaryCookie },
      payload: { frequency: 'DAILY', tiers: [{ volume: 0, activeMembers: 1, rate: 50 }] },
    });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe('契约不能低于该会员已给下级的契约');
  });
});

describe('period results and approval', () => {
  it('computes yesterday once and pays an approval exactly once, however many are sent at once', async () => {
    // demo_player bets 200 元 settled yesterday (Beijing); the contracts existed before that day ended.
    await backdateContracts();
    await pool.query(
      `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, status, bet_count, total_stake, prize_group, settled_at)
       VALUES ($1, 'bonus-1', 'UUFFC', 'REGULAR', '1', 'LOST', 1, 2000000, 1950, now() - interval '1 day')`,
      [ids.demo_player],
    );
    const now = jobTime();
    const [first, second] = await Promise.all([runBonusJob(pool, now), runBonusJob(pool, now)]);
    expect(first.created + second.created).toBe(3);
    const agentResult = await pool.query<{ id: number; amount: number; status: string; rate: number; gross_amount: number; member_deduction: number }>(
      `SELECT id, amount, status, rate, gross_amount, member_deduction FROM agent_bonus_results WHERE customer_id = $1`,
      [ids.demo_agent],
    );
    // 200 元 volume ≥ 100 元 tier: 1.5 % → 3 元, less demo_player's own 0.6 % contract (1.2 元): 1.8 元.
    expect(agentResult.rows[0]).toMatchObject({ status: 'WAITING_FOR_APPROVAL', rate: 150, gross_amount: 30_000, member_deduction: 12_000, amount: 18_000 });
    // The chain pays the primary's 2 % of 200 元 (4 元) once: 1.2 + 1.8 + 1 元.
    expect(await resultsOf([ids.demo_player!, ids.demo_agent!, ids.demo_primary!])).toMatchObject([
      { rate: 60, gross_amount: '12000', member_deduction: '0', amount: '12000' },
      { rate: 150, amount: '18000' },
      { rate: 200, gross_amount: '40000', member_deduction: '30000', amount: '10000' },
    ]);
    const resultId = agentResult.rows[0]!.id;

    const outsider = await loginCookie(server.app, 'demo_agent');
    const own = await server.app.inject({ method: 'POST', url: AGENT_COMMISSION_PATHS.approve(resultId), headers: { ...MUTATION_HEADERS, cookie: outsider } });
    expect(own.statusCode).toBe(404);

    const cookie = await loginCookie(server.app, 'demo_primary');
    const before = await balanceOf(ids.demo_agent!);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => server.app.inject({ method: 'POST', url: AGENT_COMMISSION_PATHS.approve(resultId), headers: { ...MUTATION_HEADERS, cookie } })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(7);
    expect(await balanceOf(ids.demo_agent!)).toBe(before + 18_000);
    const reject = await server.app.inject({ method: 'POST', url: AGENT_COMMISSION_PATHS.reject(resultId), headers: { ...MUTATION_HEADERS, cookie } });
    expect(reject.statusCode).toBe(409);
    const transfers = await pool.query(`SELECT type FROM ledger_transfers WHERE idempotency_key = $1`, [`bonus:${resultId}`]);
    expect(transfers.rows).toEqual([{ type: 'DW' }]);
  });

  it('lists the direct members’ results for the agent and the holder’s own in the income config', async () => {
    const cookie = await loginCookie(server.app, 'demo_agent');
    const results = await server.app.inject({ method: 'GET', url: `${AGENT_COMMISSION_PATHS.results}?status=WAITING_FOR_APPROVAL`, headers: { cookie } });
    expect(results.statusCode).toBe(200);
    expect(results.json().items.map((r: { customerId: number }) => r.customerId)).toEqual([ids.demo_player]);
    const config = await server.app.inject({ method: 'GET', url: AGENT_COMMISSION_PATHS.incomeConfig, headers: { cookie } });
    expect(config.json().results[0]).toMatchObject({ status: 'PAID', kind: 'DW' });
    expect(config.json().contracts[0]).toMatchObject({ kind: 'DW' });
  });
});

describe('level difference', () => {
  it('never pays more 日工资 on one bet’s volume than the top contract’s rate, however many levels an agent stacks below itself', async () => {
    // An operator gives a primary agent 1 % 日工资; the primary gives its agent the same 1 %.
    const primaryId = await newPrimary();
    const agent = await addCustomer(server, { parentId: primaryId, type: 'AGENT', prizeGroup: 1956, prefix: 'bona' });
    const daily = flat('DAILY', 100);
    await withTransaction(pool, (client) => setContract(client, { kind: 'operator', username: 'tester' }, primaryId, 'DW', daily));
    await withTransaction(pool, (client) => setContract(client, { kind: 'agent', agentId: primaryId }, agent.id, 'DW', daily));

    // The agent opens an account of its own by hand (手动开户) and gives it the same contract.
    const created = await call(server, 'POST', AGENT_LINK_PATHS.accounts, await agent.cookie(), {
      accountType: 'PLAYER',
      username: `bonx${Math.floor(Math.random() * 1e8)}`,
      password: 'abc12345',
      prizeGroup: 1950,
    });
    expect(created.statusCode, created.body).toBe(200);
    const sockId = created.json().id as number;
    const set = await call(server, 'PUT', AGENT_COMMISSION_PATHS.contract(sockId, 'DW'), await agent.cookie(), daily);
    expect(set.statusCode, set.body).toBe(200);
    await backdateContracts([primaryId, agent.id, sockId]);

    // The sock account bets 10,000 元, settled yesterday (Beijing).
    const stake = 100_000_000;
    await betYesterday(sockId, stake);
    await runBonusJob(pool, jobTime());

    // The agent approves its own account's result itself: no operator, no upline involved.
    const sockResult = await pool.query<{ id: number }>(`SELECT id FROM agent_bonus_results WHERE customer_id = $1`, [sockId]);
    const approved = await server.app.inject({
      method: 'POST',
      url: AGENT_COMMISSION_PATHS.approve(sockResult.rows[0]!.id),
      headers: { ...MUTATION_HEADERS, cookie: await agent.cookie() },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const due = await pool.query<{ total: string }>(
      `SELECT coalesce(sum(amount), 0)::text AS total FROM agent_bonus_results
        WHERE kind = 'DW' AND customer_id = ANY($1::bigint[]) AND status IN ('WAITING_FOR_APPROVAL', 'PAID')`,
      [[primaryId, agent.id, sockId]],
    );
    // The one contract the operator granted is 1 % of the volume: 100 元, paid once (to the sock account).
    expect(Number(due.rows[0]!.total)).toBeLessThanOrEqual(stake / 100);
    expect(await resultsOf([sockId, agent.id, primaryId])).toMatchObject([
      { gross_amount: '1000000', member_deduction: '0', amount: '1000000', status: 'PAID' },
      { gross_amount: '1000000', member_deduction: '1000000', amount: '0', status: 'NOT_ACHIEVED' },
      { gross_amount: '1000000', member_deduction: '1000000', amount: '0', status: 'NOT_ACHIEVED' },
    ]);
  });

  it('pays a chain of three contracts at different rates exactly the top rate × volume (日工资) and × loss (分红)', async () => {
    const primaryId = await newPrimary();
    const agent = await addCustomer(server, { parentId: primaryId, type: 'AGENT', prizeGroup: 1956, prefix: 'bonc' });
    const player = await addCustomer(server, { parentId: agent.id, prizeGroup: 1950, prefix: 'bonc' });
    const operator = { kind: 'operator', username: 'tester' } as const;
    await withTransaction(pool, async (client) => {
      await setContract(client, operator, primaryId, 'DW', {
        frequency: 'DAILY',
        tiers: [
          { volume: 0, activeMembers: 1, rate: 100 },
          { volume: 1_000_000, activeMembers: 1, rate: 200 },
        ],
      });
      await setContract(client, operator, primaryId, 'BON', flat('DAILY', 3000));
      await setContract(client, { kind: 'agent', agentId: primaryId }, agent.id, 'DW', {
        frequency: 'DAILY',
        tiers: [
          { volume: 0, activeMembers: 1, rate: 50 },
          { volume: 1_000_000, activeMembers: 1, rate: 150 },
        ],
      });
      await setContract(client, { kind: 'agent', agentId: primaryId }, agent.id, 'BON', flat('DAILY', 2000));
      await setContract(client, { kind: 'agent', agentId: agent.id }, player.id, 'DW', {
        frequency: 'DAILY',
        tiers: [
          { volume: 0, activeMembers: 1, rate: 40 },
          { volume: 1_000_000, activeMembers: 1, rate: 70 },
        ],
      });
      await setContract(client, { kind: 'agent', agentId: agent.id }, player.id, 'BON', flat('DAILY', 1000));
    });
    await backdateContracts([primaryId, agent.id, player.id]);
    // Amounts that do not divide evenly, bets at every level: team volumes 4,333.3343 / 4,333.3338 / 3,333.3337 元.
    await betYesterday(player.id, 33_333_337);
    await betYesterday(agent.id, 10_000_001);
    await betYesterday(primaryId, 5);
    await runBonusJob(pool, jobTime());

    const results = await resultsOf([player.id, agent.id, primaryId]);
    const total = (kind: string) => results.filter((r) => r.kind === kind).reduce((sum, r) => sum + Number(r.amount), 0);
    const volume = 33_333_337 + 10_000_001 + 5;
    // Losing bets with no payout or rebate: the team's loss is its volume.
    expect(total('DW')).toBe(Math.floor((volume * 200) / 10_000));
    expect(total('BON')).toBe(Math.floor((volume * 3000) / 10_000));
    expect(results).toMatchObject([
      { kind: 'BON', gross_amount: '3333333', member_deduction: '0', amount: '3333333' },
      { kind: 'BON', gross_amount: '8666667', member_deduction: '3333333', amount: '5333334' },
      { kind: 'BON', gross_amount: '13000002', member_deduction: '8666667', amount: '4333335' },
      { kind: 'DW', rate: 70, gross_amount: '233333', member_deduction: '0', amount: '233333' },
      { kind: 'DW', rate: 150, gross_amount: '650000', member_deduction: '233333', amount: '416667' },
      { kind: 'DW', rate: 200, gross_amount: '866666', member_deduction: '650000', amount: '216666' },
    ]);
  });

  it('writes each period once when the job runs from several connections at once', async () => {
    const primaryId = await newPrimary();
    const agents = await Promise.all([0, 1, 2].map(() => addCustomer(server, { parentId: primaryId, type: 'AGENT', prizeGroup: 1956, prefix: 'bonp' })));
    const players = await Promise.all(agents.map((a) => addCustomer(server, { parentId: a.id, prizeGroup: 1950, prefix: 'bonp' })));
    await withTransaction(pool, async (client) => {
      await setContract(client, { kind: 'operator', username: 'tester' }, primaryId, 'DW', flat('DAILY', 300));
      for (const [i, a] of agents.entries()) {
        await setContract(client, { kind: 'agent', agentId: primaryId }, a.id, 'DW', flat('DAILY', 100 + i * 50));
        await setContract(client, { kind: 'agent', agentId: a.id }, players[i]!.id, 'DW', flat('DAILY', 50));
      }
    });
    const everyone = [primaryId, ...agents.map((a) => a.id), ...players.map((p) => p.id)];
    await backdateContracts(everyone);
    for (const p of players) await betYesterday(p.id, 10_000_000);

    const pools = Array.from({ length: 4 }, () => new pg.Pool({ connectionString: server.db.url, max: 2 }));
    try {
      const now = jobTime();
      const runs = await Promise.all(pools.flatMap((p) => [runBonusJob(p, now), runBonusJob(p, now)]));
      expect(runs.reduce((sum, r) => sum + r.created, 0)).toBeGreaterThanOrEqual(everyone.length);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
    const counted = await pool.query<{ customer_id: string; n: number }>(
      `SELECT customer_id::text, count(*)::int AS n FROM agent_bonus_results WHERE customer_id = ANY($1::bigint[]) GROUP BY customer_id`,
      [everyone],
    );
    expect(counted.rows).toHaveLength(everyone.length);
    expect(counted.rows.every((r) => r.n === 1)).toBe(true);
    const results = await resultsOf(everyone);
    // 3 × 1,000 元 at the primary's 3 %: 90 元, paid once down the tree.
    expect(results.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(900_000);
  });
});

describe('contract versions', () => {
  it('computes a period with the contract that was in force when it ended, not one raised afterwards', async () => {
    const primaryId = await newPrimary();
    const agent = await addCustomer(server, { parentId: primaryId, type: 'AGENT', prizeGroup: 1956, prefix: 'bonv' });
    const generous = flat('DAILY', 300);
    await withTransaction(pool, (client) => setContract(client, { kind: 'operator', username: 'tester' }, primaryId, 'DW', generous));
    // All of yesterday the agent's contract paid 0.1 %.
    await withTransaction(pool, (client) => setContract(client, { kind: 'agent', agentId: primaryId }, agent.id, 'DW', flat('DAILY', 10)));
    await backdateContracts([primaryId, agent.id]);
    const stake = 100_000_000;
    await betYesterday(agent.id, stake);
    // After the day has ended, before the job has computed it, the upline raises the contract to 3 %.
    const raised = await call(server, 'PUT', AGENT_COMMISSION_PATHS.contract(agent.id, 'DW'), await loginAs(primaryId), generous);
    expect(raised.statusCode, raised.body).toBe(200);
    // The agent gives a member a contract today: it did not exist when yesterday ended.
    const member = await addCustomer(server, { parentId: agent.id, prizeGroup: 1950, prefix: 'bonv' });
    await withTransaction(pool, (client) => setContract(client, { kind: 'agent', agentId: agent.id }, member.id, 'DW', flat('DAILY', 200)));
    await betYesterday(member.id, stake);
    await runBonusJob(pool, jobTime());

    const result = await pool.query<{ rate: number; amount: string }>(`SELECT rate, amount::text FROM agent_bonus_results WHERE customer_id = $1`, [agent.id]);
    expect(result.rows[0]).toMatchObject({ rate: 10, amount: String((2 * stake) / 1000) });
    // The primary's deduction is the agent's gross under yesterday's version too (0.1 %, not 3 %).
    expect(await resultsOf([member.id, agent.id, primaryId])).toMatchObject([
      { rate: 10, gross_amount: String((2 * stake) / 1000), member_deduction: '0' },
      {
        rate: 300,
        gross_amount: String((2 * stake * 3) / 100),
        member_deduction: String((2 * stake) / 1000),
        amount: String((2 * stake * 3) / 100 - (2 * stake) / 1000),
      },
    ]);
  });
});

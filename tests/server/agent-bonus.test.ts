// Bonus contracts (日工资 / 分红, docs/agents/commission.md): setting within one's own contract, the
// period job, and approval that pays exactly once even when sent many times at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { runBonusJob } from '../../src/server/agents/commission/bonus.ts';
import { setContract } from '../../src/server/agents/commission/contracts.ts';
import { lastEndedPeriod } from '../../src/server/agents/commission/periods.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { AGENT_COMMISSION_PATHS } from '../../src/shared/api/agent-commission.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';

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
    await pool.query(`UPDATE agent_bonus_contracts SET created_at = now() - interval '3 days'`);
    await pool.query(
      `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, status, bet_count, total_stake, prize_group, settled_at)
       VALUES ($1, 'bonus-1', 'UUFFC', 'REGULAR', '1', 'LOST', 1, 2000000, 1950, now() - interval '1 day')`,
      [ids.demo_player],
    );
    const now = Date.now();
    const [first, second] = await Promise.all([runBonusJob(pool, now), runBonusJob(pool, now)]);
    expect(first.created + second.created).toBe(3);
    const agentResult = await pool.query<{ id: number; amount: number; status: string; rate: number }>(
      `SELECT id, amount, status, rate FROM agent_bonus_results WHERE customer_id = $1`,
      [ids.demo_agent],
    );
    // 200 元 volume ≥ 100 元 tier: 1.5 % → 3 元.
    expect(agentResult.rows[0]).toMatchObject({ status: 'WAITING_FOR_APPROVAL', rate: 150, amount: 30_000 });
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
    expect(await balanceOf(ids.demo_agent!)).toBe(before + 30_000);
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

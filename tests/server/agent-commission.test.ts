// Level-difference commission (docs/agents/commission.md): the amounts, exactly once under concurrent
// runs and a run that dies half-way, stopping a run, and the agent's 团队返点 answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { runCommissionBatch, stopCommissionRun, levelDifferences } from '../../src/server/agents/commission/batch.ts';
import { withTransaction } from '../../src/server/db/pool.ts';
import { reconcile } from '../../src/server/wallet/ledger.ts';
import { AGENT_COMMISSION_PATHS } from '../../src/shared/api/agent-commission.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { loginCookie, MUTATION_HEADERS } from '../support/http.ts';

let server: TestServer;
let pool: pg.Pool;
let ids: Record<string, number>;
let seq = 0;

async function idOf(username: string): Promise<number> {
  return (await pool.query<{ id: number }>('SELECT id FROM customers WHERE username_key = $1', [username])).rows[0]!.id;
}

/** Settled orders straight into the table (their money is not what is tested here). */
async function settledOrders(customerId: number, count: number, stake: number, prizeGroup: number, status = 'LOST'): Promise<void> {
  const first = seq;
  seq += count;
  await pool.query(
    `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, status, bet_count, total_stake, prize_group, settled_at)
     SELECT $1, 'comm-' || g, 'UUFFC', 'REGULAR', '1', $5, 1, $2, $3, now() - interval '1 hour' FROM generate_series($4::int + 1, $4::int + $6) AS g`,
    [customerId, stake, prizeGroup, first, status, count],
  );
}

async function balanceOf(customerId: number): Promise<number> {
  const found = await pool.query<{ balance: number }>(`SELECT balance FROM ledger_accounts WHERE code = $1`, [`player:${customerId}:main`]);
  return Number(found.rows[0]?.balance ?? 0);
}

async function uncommissioned(): Promise<number> {
  return (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE commission_run_id IS NULL AND status IN ('WON', 'LOST')`)).rows[0]!.n;
}

beforeAll(async () => {
  server = await startTestServer();
  pool = server.db.database.pool;
  ids = {
    primary: await idOf('demo_primary'),
    agent: await idOf('demo_agent'),
    player: await idOf('demo_player'),
    member1: await idOf('demo_member1'),
  };
  await runCommissionBatch(pool, { settleLagMs: 0 }); // whatever the seed settled
});
afterAll(async () => {
  await server?.close();
});

describe('levelDifferences', () => {
  it('pays each upline its group minus the one below, never negative, never more than top − bet', () => {
    expect(levelDifferences(1950, [1956, 1960])).toEqual([6, 4]);
    // A member lowered after betting: the chain still sums to top − bet group.
    expect(levelDifferences(1958, [1956, 1960])).toEqual([0, 2]);
    expect(levelDifferences(1800, [])).toEqual([]);
  });
});

describe('commission batch', () => {
  it('credits each upline its level difference, one COMM transfer per agent', async () => {
    const before = { agent: await balanceOf(ids.agent!), primary: await balanceOf(ids.primary!) };
    await settledOrders(ids.player!, 3, 10_000, 1950, 'WON');
    await settledOrders(ids.member1!, 1, 20_000, 1950);
    const result = await runCommissionBatch(pool, { settleLagMs: 0 });
    expect(result).toMatchObject({ status: 'COMPLETED', orders: 4, transfers: 2 });
    // stake 50,000: demo_agent (1956 − 1950) / 2000 → 150; demo_primary (1960 − 1956) / 2000 → 100.
    expect(await balanceOf(ids.agent!)).toBe(before.agent + 150);
    expect(await balanceOf(ids.primary!)).toBe(before.primary + 100);
    const transfers = await pool.query(`SELECT idempotency_key FROM ledger_transfers WHERE type = 'COMM' AND reference = $1 ORDER BY 1`, [
      `commission-run:${result.runId}`,
    ]);
    expect(transfers.rows.map((r) => r.idempotency_key)).toEqual([`comm:${result.runId}:${ids.primary}`, `comm:${result.runId}:${ids.agent}`].sort());
    const lines = await pool.query(`SELECT agent_id, member_id, stake, commission FROM agent_commission_lines WHERE run_id = $1 ORDER BY agent_id, member_id`, [result.runId]);
    expect(lines.rows).toContainEqual({ agent_id: ids.agent, member_id: ids.player, stake: 30_000, commission: 90 });
    expect(lines.rows).toContainEqual({ agent_id: ids.primary, member_id: ids.member1, stake: 20_000, commission: 40 });
  });

  it('leaves orders settled within the lag for the next run, and never counts cancelled orders', async () => {
    await settledOrders(ids.player!, 1, 10_000, 1950, 'CUSTOMER_CANCELED');
    await pool.query(
      `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, status, bet_count, total_stake, prize_group, settled_at)
       VALUES ($1, 'comm-fresh', 'UUFFC', 'REGULAR', '1', 'LOST', 1, 10000, 1950, now() - interval '1 second')`,
      [ids.player],
    );
    // A second ago: inside the ten-minute lag, and before a cutoff of "now" whatever the clocks' precision.
    const lagged = await runCommissionBatch(pool, { settleLagMs: 10 * 60_000 });
    expect(lagged.orders).toBe(0);
    const next = await runCommissionBatch(pool, { settleLagMs: 0 });
    expect(next.orders).toBe(1);
    expect(await uncommissioned()).toBe(0);
  });

  it('commissions every order exactly once when runs overlap', async () => {
    const before = { agent: await balanceOf(ids.agent!), primary: await balanceOf(ids.primary!) };
    await settledOrders(ids.player!, 1500, 2_000, 1950);
    await settledOrders(ids.member1!, 1500, 2_000, 1940);
    const results = await Promise.all(Array.from({ length: 6 }, () => runCommissionBatch(pool, { settleLagMs: 0, chunkSize: 97 })));
    expect(results.reduce((s, r) => s + r.orders, 0)).toBe(3000);
    expect(await uncommissioned()).toBe(0);
    // agent: 1500 × 2000 × 6 / 2000 + 1500 × 2000 × 16 / 2000 = 9000 + 24000; primary: 3000 × 2000 × 4 / 2000.
    // Per-(agent, member) lines floor separately and each divides exactly here.
    expect(await balanceOf(ids.agent!)).toBe(before.agent + 33_000);
    expect(await balanceOf(ids.primary!)).toBe(before.primary + 12_000);
    const lineOrders = await pool.query<{ n: number }>(
      `SELECT sum(l.orders)::int AS n FROM agent_commission_lines l WHERE l.agent_id = $1 AND l.run_id = ANY($2::bigint[])`,
      [ids.agent, results.map((r) => r.runId)],
    );
    expect(lineOrders.rows[0]!.n).toBe(3000);
  });

  it('a run that dies half-way is paid, once, by the next run', async () => {
    const before = await balanceOf(ids.agent!);
    await settledOrders(ids.player!, 500, 2_000, 1950);
    const crash = new Error('killed half-way');
    await expect(
      runCommissionBatch(pool, {
        settleLagMs: 0,
        chunkSize: 100,
        afterChunk: (chunk) => {
          if (chunk === 2) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    const dead = await pool.query<{ id: number; orders: number }>(`SELECT id, orders FROM agent_commission_runs WHERE status = 'RUNNING'`);
    expect(dead.rows).toHaveLength(1);
    expect(dead.rows[0]!.orders).toBe(200);
    expect(await balanceOf(ids.agent!)).toBe(before);
    const [a, b] = await Promise.all([runCommissionBatch(pool, { settleLagMs: 0 }), runCommissionBatch(pool, { settleLagMs: 0 })]);
    expect(a.orders + b.orders).toBe(300);
    expect((await pool.query(`SELECT status FROM agent_commission_runs WHERE id = $1`, [dead.rows[0]!.id])).rows[0]!.status).toBe('COMPLETED');
    expect(await balanceOf(ids.agent!)).toBe(before + 500 * 6);
    expect(await uncommissioned()).toBe(0);
  });

  it('a stopped run claims nothing more and pays nothing; its orders are not paid by a later run', async () => {
    const before = await balanceOf(ids.agent!);
    await settledOrders(ids.player!, 300, 2_000, 1950);
    let runId = 0;
    const result = await runCommissionBatch(pool, {
      settleLagMs: 0,
      chunkSize: 100,
      afterChunk: async (chunk) => {
        if (chunk !== 1) return;
        runId = (await pool.query<{ id: number }>(`SELECT id FROM agent_commission_runs WHERE status = 'RUNNING' ORDER BY id DESC LIMIT 1`)).rows[0]!.id;
        expect(await withTransaction(pool, (client) => stopCommissionRun(client, runId, 'tester', '测试停止'))).toBe('STOPPED');
      },
    });
    expect(result).toMatchObject({ runId, status: 'STOPPED', orders: 100, transfers: 0 });
    expect(await balanceOf(ids.agent!)).toBe(before);
    const later = await runCommissionBatch(pool, { settleLagMs: 0 });
    expect(later.orders).toBe(200);
    expect(await balanceOf(ids.agent!)).toBe(before + 200 * 6);
    expect(await withTransaction(pool, (client) => stopCommissionRun(client, later.runId, 'tester', 'x'))).toBe('COMPLETED');
  });

  it('keeps the ledger balanced', async () => {
    const report = await reconcile(pool);
    expect(report).toMatchObject({ ok: true });
    const sum = await pool.query<{ s: string }>('SELECT coalesce(sum(amount), 0)::text AS s FROM ledger_entries');
    expect(sum.rows[0]!.s).toBe('0');
  });
});

describe('routes', () => {
  it('shows the agent its commission per member, and runs a batch through the test route', async () => {
    await settledOrders(ids.player!, 2, 10_000, 1950);
    const run = await server.app.inject({ method: 'POST', url: AGENT_COMMISSION_PATHS.testRun, headers: MUTATION_HEADERS, payload: {} });
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({ status: 'COMPLETED', orders: 2 });
    const cookie = await loginCookie(server.app, 'demo_agent');
    const answer = await server.app.inject({ method: 'GET', url: AGENT_COMMISSION_PATHS.commission, headers: { cookie } });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.members.find((m: { memberId: number }) => m.memberId === ids.player)).toBeDefined();
    expect(body.totals.commission).toBeGreaterThan(0);
    expect(body.runs.length).toBeGreaterThan(0);
  });

  it('refuses a bad date range with a Chinese message', async () => {
    const cookie = await loginCookie(server.app, 'demo_agent');
    const bad = await server.app.inject({ method: 'GET', url: `${AGENT_COMMISSION_PATHS.commission}?from=2026-02-30`, headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('请选择有效的日期');
  });

  it('answers the income config with the rebate per category', async () => {
    const cookie = await loginCookie(server.app, 'demo_player');
    const answer = await server.app.inject({ method: 'GET', url: AGENT_COMMISSION_PATHS.incomeConfig, headers: { cookie } });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.prizeGroup).toBe(1950);
    expect(body.categories.find((c: { category: string }) => c.category === 'THREE_D')).toMatchObject({ topGroup: 1800, maxRebatePercent: 12.5 });
  });
});

// The member list is capped; its totals must not be (they agree with the runs' figures).
describe('团队返点 totals', () => {
  it('totals every member of the range, not only the first 500 rows', async () => {
    const agentId = await idOf('demo_agent');
    const members = 501;
    const inserted = await pool.query<{ id: number }>(
      `INSERT INTO customers (username, username_key, password_hash, alias, type, parent_id)
       SELECT 'cm' || g || '_' || $2, 'cm' || g || '_' || $2, 'x', 'cm' || g, 'PLAYER', $1 FROM generate_series(1, $3) g RETURNING id`,
      [agentId, process.pid, members],
    );
    const run = await pool.query<{ id: number }>(
      `INSERT INTO agent_commission_runs (status, cutoff, finished_at) VALUES ('COMPLETED', now(), now()) RETURNING id`,
    );
    // A day of its own: the other tests' lines are today's.
    const day = '2021-03-03';
    // Each member: 1 order, stake 100 元, commission 1 元.
    await pool.query(
      `INSERT INTO agent_commission_lines (run_id, agent_id, member_id, day, orders, stake, units, commission)
       SELECT $1, $2, m, $3::date, 1, 1000000, 20000000000, 10000 FROM unnest($4::bigint[]) m`,
      [run.rows[0]!.id, agentId, day, inserted.rows.map((r) => r.id)],
    );
    const cookie = await loginCookie(server.app, 'demo_agent');
    const response = await server.app.inject({ method: 'GET', url: `${AGENT_COMMISSION_PATHS.commission}?from=${day}&to=${day}`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ totals: { stake: number; commission: number; orders: number }; runs: { commission: number }[] }>();
    // The run row (no cap) and the totals must agree with the ledger of commission lines.
    expect(body.runs[0]!.commission).toBe(members * 10000);
    expect(body.totals.orders).toBe(members);
    expect(body.totals.commission).toBe(members * 10000);
  });
});

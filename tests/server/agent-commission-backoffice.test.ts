// The back office's commission and bonus pages (docs/agents/commission.md): runs and their detail,
// stopping a run (audited, and only once), primary agents' contracts and bonus decisions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { runCommissionBatch } from '../../src/server/agents/commission/batch.ts';
import { AGENT_COMMISSION_ADMIN_PATHS } from '../../src/shared/backoffice/agent-commission.ts';
import { BACKOFFICE_API } from '../../src/shared/backoffice/session.ts';
import { startTestServer, type TestServer } from '../support/db.ts';
import { operatorCookie, operatorHeaders } from '../support/operators.ts';

let server: TestServer;
let pool: pg.Pool;
let finance: string;
let support: string;
const url = (path: string) => `${BACKOFFICE_API}${path}`;

async function idOf(username: string): Promise<number> {
  return (await pool.query<{ id: number }>('SELECT id FROM customers WHERE username_key = $1', [username])).rows[0]!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  pool = server.db.database.pool;
  finance = await operatorCookie(server.app, 'FINANCE');
  support = await operatorCookie(server.app, 'OPERATIONS');
});
afterAll(async () => {
  await server?.close();
});

describe('commission runs', () => {
  it('lists runs with their per-member detail', async () => {
    await pool.query(
      `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, status, bet_count, total_stake, prize_group, settled_at)
       VALUES ($1, 'bo-1', 'UUFFC', 'REGULAR', '1', 'LOST', 1, 100000, 1950, now() - interval '1 hour')`,
      [await idOf('demo_player')],
    );
    const run = await runCommissionBatch(pool, { settleLagMs: 0 });
    const list = await server.app.inject({ method: 'GET', url: url(AGENT_COMMISSION_ADMIN_PATHS.runs), headers: operatorHeaders(support) });
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toMatchObject({ id: run.runId, status: 'COMPLETED' });
    const detail = await server.app.inject({ method: 'GET', url: url(AGENT_COMMISSION_ADMIN_PATHS.run(run.runId)), headers: operatorHeaders(support) });
    expect(detail.json().lines).toContainEqual(expect.objectContaining({ agentUsername: 'demo_agent', memberUsername: 'demo_player', stake: 100_000, commission: 300 }));
    const missing = await server.app.inject({ method: 'GET', url: url(AGENT_COMMISSION_ADMIN_PATHS.run(999_999)), headers: operatorHeaders(support) });
    expect(missing.statusCode).toBe(404);
  });

  it('stops a running run once, audited; a completed run cannot be stopped; reading is not stopping', async () => {
    const running = await pool.query<{ id: number }>(`INSERT INTO agent_commission_runs (cutoff) VALUES (now()) RETURNING id`);
    const id = running.rows[0]!.id;
    const denied = await server.app.inject({ method: 'POST', url: url(AGENT_COMMISSION_ADMIN_PATHS.stop(id)), headers: operatorHeaders(support), payload: { reason: '核查' } });
    expect(denied.statusCode).toBe(403);
    const blank = await server.app.inject({ method: 'POST', url: url(AGENT_COMMISSION_ADMIN_PATHS.stop(id)), headers: operatorHeaders(finance), payload: { reason: ' ' } });
    expect(blank.statusCode).toBe(400);
    const answers = await Promise.all(
      [1, 2, 3].map(() => server.app.inject({ method: 'POST', url: url(AGENT_COMMISSION_ADMIN_PATHS.stop(id)), headers: operatorHeaders(finance), payload: { reason: '核查异常' } })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const audit = await pool.query(`SELECT action, reason FROM operator_audit_log WHERE target_type = 'agent_commission_run' AND target_id = $1`, [String(id)]);
    expect(audit.rows).toEqual([{ action: 'agent_commission.stop', reason: '核查异常' }]);
    const done = (await pool.query<{ id: number }>(`SELECT id FROM agent_commission_runs WHERE status = 'COMPLETED' LIMIT 1`)).rows[0]!.id;
    const late = await server.app.inject({ method: 'POST', url: url(AGENT_COMMISSION_ADMIN_PATHS.stop(done)), headers: operatorHeaders(finance), payload: { reason: '晚了' } });
    expect(late.statusCode).toBe(409);
  });
});

describe('primary agents’ bonuses', () => {
  it('sets a primary agent’s contract (not a lower agent’s) and decides its results', async () => {
    const primary = await idOf('demo_primary');
    const body = { frequency: 'MONTHLY', tiers: [{ volume: 0, activeMembers: 0, rate: 1000 }] };
    const set = await server.app.inject({ method: 'PUT', url: url(AGENT_COMMISSION_ADMIN_PATHS.contract(primary, 'BON')), headers: operatorHeaders(finance), payload: body });
    expect(set.statusCode).toBe(200);
    const notPrimary = await server.app.inject({
      method: 'PUT', url: url(AGENT_COMMISSION_ADMIN_PATHS.contract(await idOf('demo_agent'), 'BON')), headers: operatorHeaders(finance), payload: body,
    });
    expect(notPrimary.statusCode).toBe(404);
    const contracts = await server.app.inject({ method: 'GET', url: url(AGENT_COMMISSION_ADMIN_PATHS.contracts), headers: operatorHeaders(support) });
    expect(contracts.json().items.find((p: { customerId: number }) => p.customerId === primary).contracts).toHaveLength(1);

    const contractId = (await pool.query<{ id: number }>(`SELECT id FROM agent_bonus_contracts WHERE customer_id = $1`, [primary])).rows[0]!.id;
    const result = await pool.query<{ id: number }>(
      `INSERT INTO agent_bonus_results (contract_id, customer_id, kind, frequency, period_start, period_end, team_volume, active_members, team_loss, rate, amount, status)
       VALUES ($1, $2, 'BON', 'MONTHLY', '2026-10-01', '2026-10-31', 0, 0, 1000000, 1000, 100000, 'WAITING_FOR_APPROVAL') RETURNING id`,
      [contractId, primary],
    );
    const approve = await server.app.inject({ method: 'POST', url: url(AGENT_COMMISSION_ADMIN_PATHS.approve(result.rows[0]!.id)), headers: operatorHeaders(finance), payload: {} });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ status: 'PAID', primary: true });
    const again = await server.app.inject({ method: 'POST', url: url(AGENT_COMMISSION_ADMIN_PATHS.reject(result.rows[0]!.id)), headers: operatorHeaders(finance), payload: {} });
    expect(again.statusCode).toBe(409);
    const list = await server.app.inject({ method: 'GET', url: `${url(AGENT_COMMISSION_ADMIN_PATHS.results)}?status=PAID`, headers: operatorHeaders(support) });
    expect(list.json().items[0]).toMatchObject({ customerId: primary, kind: 'BON' });
  });
});

// Reads of the back office's commission and bonus pages.
import type { CommissionRun, CommissionRunDetail } from '../../../../shared/backoffice/agent-commission.ts';
import { RUNS_PAGE_SIZE } from '../../../../shared/backoffice/agent-commission.ts';
import type { BonusStatus } from '../../../../shared/enums.ts';
import { resultView, SELECT_RESULTS } from '../../../agents/commission/bonus.ts';
import { contractsOf } from '../../../agents/commission/contracts.ts';
import type { Queryable } from '../../../db/pool.ts';

interface RunRow {
  id: number;
  status: CommissionRun['status'];
  cutoff: Date;
  orders: number;
  stake: number;
  transfers: number;
  amount: number;
  started_at: Date;
  finished_at: Date | null;
  stopped_by: string | null;
  stop_reason: string | null;
}

const runView = (r: RunRow): CommissionRun => ({
  id: Number(r.id),
  status: r.status,
  cutoff: r.cutoff.toISOString(),
  orders: r.orders,
  stake: Number(r.stake),
  transfers: r.transfers,
  amount: Number(r.amount),
  startedAt: r.started_at.toISOString(),
  finishedAt: r.finished_at ? r.finished_at.toISOString() : null,
  stoppedBy: r.stopped_by,
  stopReason: r.stop_reason,
});

export async function listRuns(db: Queryable, page: number, status?: CommissionRun['status']) {
  const rows = await db.query<RunRow & { total: number }>(
    `SELECT *, count(*) OVER ()::int AS total FROM agent_commission_runs WHERE ($1::text IS NULL OR status = $1)
      ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [status ?? null, RUNS_PAGE_SIZE, (page - 1) * RUNS_PAGE_SIZE],
  );
  return { items: rows.rows.map(runView), total: rows.rows[0]?.total ?? 0, page };
}

export async function runById(db: Queryable, id: number): Promise<CommissionRun | null> {
  const row = await db.query<RunRow>('SELECT * FROM agent_commission_runs WHERE id = $1', [id]);
  return row.rows[0] ? runView(row.rows[0]) : null;
}

export async function runDetail(db: Queryable, run: CommissionRun): Promise<CommissionRunDetail> {
  const lines = await db.query<{
    agent_id: number; agent_username: string; member_id: number; member_username: string; day: string; orders: number; stake: number; commission: number | null;
  }>(
    `SELECT l.agent_id, a.username AS agent_username, l.member_id, m.username AS member_username, to_char(l.day, 'YYYY-MM-DD') AS day,
            l.orders, l.stake, l.commission
       FROM agent_commission_lines l JOIN customers a ON a.id = l.agent_id JOIN customers m ON m.id = l.member_id
      WHERE l.run_id = $1 ORDER BY l.agent_id, l.member_id, l.day LIMIT 2000`,
    [run.id],
  );
  return {
    run,
    lines: lines.rows.map((l) => ({
      agentId: Number(l.agent_id),
      agentUsername: l.agent_username,
      memberId: Number(l.member_id),
      memberUsername: l.member_username,
      day: l.day,
      orders: l.orders,
      stake: Number(l.stake),
      commission: l.commission === null ? null : Number(l.commission),
    })),
  };
}

export async function primaryContracts(db: Queryable) {
  const primaries = await db.query<{ id: number; username: string; prize_group: number }>(
    `SELECT id, username, prize_group FROM customers WHERE parent_id IS NULL AND type = 'PRIMARY_AGENT' ORDER BY id LIMIT 1000`,
  );
  const contracts = await contractsOf(db, primaries.rows.map((p) => Number(p.id)));
  return {
    items: primaries.rows.map((p) => ({
      customerId: Number(p.id),
      username: p.username,
      prizeGroup: p.prize_group,
      contracts: contracts.filter((c) => c.customerId === Number(p.id)),
    })),
  };
}

export async function allResults(db: Queryable, status?: BonusStatus) {
  const rows = await db.query<Parameters<typeof resultView>[0] & { parent_id: number | null }>(
    `${SELECT_RESULTS.replace('SELECT r.id', 'SELECT c.parent_id, r.id')} WHERE ($1::text IS NULL OR r.status = $1) ORDER BY r.period_start DESC, r.id DESC LIMIT 500`,
    [status ?? null],
  );
  return { items: rows.rows.map((r) => ({ ...resultView(r), primary: r.parent_id === null })) };
}

export async function isPrimaryAgent(db: Queryable, customerId: number): Promise<boolean> {
  const found = await db.query(`SELECT 1 FROM customers WHERE id = $1 AND parent_id IS NULL AND type = 'PRIMARY_AGENT'`, [customerId]);
  return found.rowCount === 1;
}

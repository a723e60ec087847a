// What the agent's 团队返点 / 团队奖金 pages and the income config read.
import {
  categoryRebate,
  REBATE_CATEGORIES,
  type BonusResult,
  type CommissionQuery,
  type CommissionSummary,
  type ContractsAnswer,
  type IncomeConfig,
} from '../../../shared/api/agent-commission.ts';
import { PRIZE_GROUP_MAX } from '../../../shared/agent/prize-groups.ts';
import { beijingDayOf, formatDay, parseDay } from '../../../shared/draws/schedule/beijing-time.ts';
import type { BONUS_STATUSES } from '../../../shared/enums.ts';
import type { Queryable } from '../../db/pool.ts';
import { contractsOf } from './contracts.ts';
import { resultView, SELECT_RESULTS } from './bonus.ts';

/** The agent's commission over Beijing days [from, to] (default: the last 7 days). */
export async function commissionSummary(db: Queryable, agentId: number, query: CommissionQuery, now = Date.now()): Promise<CommissionSummary> {
  const to = query.to ?? formatDay(beijingDayOf(now));
  const from = query.from ?? formatDay(parseDay(to) - 6);
  const members = await db.query<{ member_id: number; username: string; orders: number; stake: string; commission: string }>(
    `SELECT l.member_id, c.username, sum(l.orders)::int AS orders, sum(l.stake)::text AS stake, sum(coalesce(l.commission, 0))::text AS commission
       FROM agent_commission_lines l JOIN agent_commission_runs r ON r.id = l.run_id JOIN customers c ON c.id = l.member_id
      WHERE l.agent_id = $1 AND l.day BETWEEN $2 AND $3 AND r.status = 'COMPLETED'
      GROUP BY l.member_id, c.username ORDER BY sum(coalesce(l.commission, 0)) DESC, l.member_id LIMIT 500`,
    [agentId, from, to],
  );
  // The list is capped; the totals are not (they must agree with the runs' figures below).
  const totals = await db.query<{ orders: number; stake: string; commission: string }>(
    `SELECT coalesce(sum(l.orders), 0)::int AS orders, coalesce(sum(l.stake), 0)::text AS stake, coalesce(sum(l.commission), 0)::text AS commission
       FROM agent_commission_lines l JOIN agent_commission_runs r ON r.id = l.run_id
      WHERE l.agent_id = $1 AND l.day BETWEEN $2 AND $3 AND r.status = 'COMPLETED'`,
    [agentId, from, to],
  );
  const runs = await db.query<{ run_id: number; status: 'RUNNING' | 'COMPLETED' | 'STOPPED'; finished_at: Date | null; stake: string; commission: string }>(
    `SELECT r.id AS run_id, r.status, r.finished_at, sum(l.stake)::text AS stake, sum(coalesce(l.commission, 0))::text AS commission
       FROM agent_commission_lines l JOIN agent_commission_runs r ON r.id = l.run_id
      WHERE l.agent_id = $1 AND l.day BETWEEN $2 AND $3
      GROUP BY r.id ORDER BY r.id DESC LIMIT 100`,
    [agentId, from, to],
  );
  const memberList = members.rows.map((m) => ({
    memberId: Number(m.member_id),
    username: m.username,
    orders: m.orders,
    stake: Number(m.stake),
    commission: Number(m.commission),
  }));
  return {
    from,
    to,
    totals: { stake: Number(totals.rows[0]!.stake), commission: Number(totals.rows[0]!.commission), orders: totals.rows[0]!.orders },
    members: memberList,
    runs: runs.rows.map((r) => ({
      runId: Number(r.run_id),
      status: r.status,
      finishedAt: r.finished_at ? r.finished_at.toISOString() : null,
      stake: Number(r.stake),
      commission: Number(r.commission),
    })),
  };
}

export async function agentContracts(db: Queryable, agentId: number): Promise<ContractsAnswer> {
  const members = await db.query<{ id: number; username: string; type: string }>(
    'SELECT id, username, type FROM customers WHERE parent_id = $1 ORDER BY id LIMIT 1000',
    [agentId],
  );
  const ids = members.rows.map((m) => Number(m.id));
  const contracts = await contractsOf(db, ids);
  return {
    own: await contractsOf(db, [agentId]),
    members: members.rows.map((m) => ({
      memberId: Number(m.id),
      username: m.username,
      type: m.type,
      contracts: contracts.filter((c) => c.customerId === Number(m.id)),
    })),
  };
}

/** Results of the agent's direct members (the ones it decides). */
export async function memberResults(db: Queryable, agentId: number, status?: (typeof BONUS_STATUSES)[number]): Promise<{ items: BonusResult[] }> {
  const rows = await db.query<Parameters<typeof resultView>[0]>(
    `${SELECT_RESULTS} WHERE c.parent_id = $1 AND ($2::text IS NULL OR r.status = $2) ORDER BY r.period_start DESC, r.id DESC LIMIT 200`,
    [agentId, status ?? null],
  );
  return { items: rows.rows.map(resultView) };
}

export async function incomeConfig(db: Queryable, customerId: number, prizeGroup: number): Promise<IncomeConfig> {
  const results = await db.query<Parameters<typeof resultView>[0]>(
    `${SELECT_RESULTS} WHERE r.customer_id = $1 ORDER BY r.period_start DESC, r.id DESC LIMIT 100`,
    [customerId],
  );
  return {
    prizeGroup,
    platformTop: PRIZE_GROUP_MAX,
    categories: REBATE_CATEGORIES.map((c) => ({ category: c.category, name: c.name, ...categoryRebate(prizeGroup, c) })),
    contracts: await contractsOf(db, [customerId]),
    results: results.rows.map(resultView),
  };
}

// Bonus results (docs/agents/commission.md): per contract and ended period, the team's figures from
// settled orders of the holder's subtree (the holder included), the rate of the best tier reached
// (contract version in force at the period's end), the gross, the direct members' contracts' gross
// deducted from it (level difference) and the amount — WAITING_FOR_APPROVAL, or NOT_ACHIEVED when
// nothing is due. Inserting a period is
// keyed (contract, period start), so runs in parallel or again write it once. Approval pays once:
// the status moves from WAITING_FOR_APPROVAL in the same transaction as the DW/BON transfer.
import type pg from 'pg';
import { rateAt, type BonusKind, type BonusResult, type BonusTier } from '../../../shared/api/agent-commission.ts';
import { BONUS_FREQUENCIES, type BonusFrequency } from '../../../shared/enums.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import { playerAccountId, postTransfer, systemAccountId } from '../../wallet/ledger.ts';
import { SETTLEMENT_LAG_MS } from '../../wallet/required-stake.ts';
import { endedPeriods, type Period } from './periods.ts';

export const BONUS_ACCOUNT = 'house:agent-bonus';
export const RESULT_NOT_FOUND = '该奖金记录不存在';

interface ResultRow {
  id: number;
  customer_id: number;
  username: string;
  kind: BonusKind;
  frequency: BonusFrequency;
  period_start: string;
  period_end: string;
  team_volume: number;
  active_members: number;
  team_loss: number;
  rate: number;
  gross_amount: number;
  member_deduction: number;
  amount: number;
  status: BonusResult['status'];
  decided_at: Date | null;
}

export const resultView = (r: ResultRow): BonusResult => ({
  id: Number(r.id),
  customerId: Number(r.customer_id),
  username: r.username,
  kind: r.kind,
  frequency: r.frequency,
  periodStart: r.period_start,
  periodEnd: r.period_end,
  teamVolume: Number(r.team_volume),
  activeMembers: r.active_members,
  teamLoss: Number(r.team_loss),
  rate: r.rate,
  grossAmount: Number(r.gross_amount),
  memberDeduction: Number(r.member_deduction),
  amount: Number(r.amount),
  status: r.status,
  decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
});

export const SELECT_RESULTS = `SELECT r.id, r.customer_id, c.username, r.kind, r.frequency,
    to_char(r.period_start, 'YYYY-MM-DD') AS period_start, to_char(r.period_end, 'YYYY-MM-DD') AS period_end,
    r.team_volume, r.active_members, r.team_loss, r.rate, coalesce(r.gross_amount, r.amount) AS gross_amount, r.member_deduction, r.amount, r.status, r.decided_at
  FROM agent_bonus_results r JOIN customers c ON c.id = r.customer_id`;

export async function resultById(db: Queryable, id: number): Promise<BonusResult | null> {
  const found = await db.query<ResultRow>(`${SELECT_RESULTS} WHERE r.id = $1`, [id]);
  return found.rows[0] ? resultView(found.rows[0]) : null;
}

/** The amount a period earns: 日工资 a share of volume, 分红 a share of the team's loss (never of a win). */
export function bonusAmount(kind: BonusKind, tiers: readonly BonusTier[], volume: number, activeMembers: number, loss: number): { rate: number; amount: number } {
  const rate = rateAt(tiers, volume, activeMembers);
  const base = kind === 'DW' ? volume : Math.max(0, loss);
  return { rate, amount: Number((BigInt(base) * BigInt(rate)) / 10_000n) };
}

/**
 * The level difference (docs/agents/commission.md): a holder is paid its own gross minus the gross of
 * its direct members' contracts of the same kind and frequency for the same period, never below 0.
 * Down a chain the amounts add up to the top holder's gross, so the house pays each unit of volume
 * (or loss) once, at the top contract's rate.
 */
export function levelDifference(gross: number, memberGross: readonly number[]): { deduction: number; amount: number } {
  const deduction = memberGross.reduce((sum, g) => sum + g, 0);
  return { deduction, amount: Math.max(0, gross - deduction) };
}

interface VersionInForce {
  version_id: number;
  contract_id: number;
  customer_id: number;
  parent_id: number | null;
  kind: BonusKind;
  tiers: BonusTier[];
  done: boolean;
}

interface TeamFigures {
  volume: number;
  active: number;
  loss: number;
}

/** Settled figures of the teams of `customerIds` (each customer and everyone below) in [from, until). */
async function teamFigures(db: Queryable, customerIds: readonly number[], from: Date, until: Date): Promise<Map<number, TeamFigures>> {
  const rows = await db.query<{ ancestor_id: string; volume: string; active: number; loss: string }>(
    `SELECT t.ancestor_id::text, coalesce(sum(o.total_stake), 0)::text AS volume, count(DISTINCT o.customer_id)::int AS active,
            coalesce(sum(o.total_stake - o.payout - o.rebate), 0)::text AS loss
       FROM customer_tree t JOIN order_outcomes o ON o.customer_id = t.descendant_id
      WHERE t.ancestor_id = ANY($1::bigint[]) AND o.status IN ('WON', 'LOST') AND o.settled_at >= $2 AND o.settled_at < $3
      GROUP BY t.ancestor_id`,
    [customerIds, from, until],
  );
  const figures = new Map<number, TeamFigures>(customerIds.map((id) => [Number(id), { volume: 0, active: 0, loss: 0 }]));
  for (const r of rows.rows) figures.set(Number(r.ancestor_id), { volume: Number(r.volume), active: r.active, loss: Number(r.loss) });
  return figures;
}

/**
 * How far back a run looks for periods not computed yet (a job down for a day, or failing, would
 * otherwise skip that day for good): the lookback, in periods of each frequency. Periods are
 * computed only once they ended SETTLEMENT_LAG_MS ago, so that settlements stamped inside them
 * (`settled_at` is taken before the commit) are all visible.
 */
const LOOKBACK: Record<BonusFrequency, number> = { DAILY: 45, SEMI_MONTHLY: 4, MONTHLY: 2 };

/**
 * Computes, for every frequency, each ended period of the lookback not yet computed, for each
 * contract whose version in force at that period's end (latest with valid_from < end) has that
 * frequency; a contract with no version before the end gets no result. The amount is the level
 * difference against the direct members' contracts (their versions in force at the same instant). A
 * period is inserted keyed (contract, period start), so parallel or repeated runs write it once; the
 * figures only read settled orders and versions of a period ended more than the settlement lag ago,
 * so every run computes the same numbers.
 */
export async function runBonusJob(pool: pg.Pool, now = Date.now()): Promise<{ created: number }> {
  let created = 0;
  for (const frequency of BONUS_FREQUENCIES) {
    for (const period of endedPeriods(frequency, now, SETTLEMENT_LAG_MS, LOOKBACK[frequency])) created += await computePeriod(pool, frequency, period);
  }
  return { created };
}

/** One period of one frequency: the results of the contracts that have none for it yet. */
async function computePeriod(pool: pg.Pool, frequency: BonusFrequency, period: Period): Promise<number> {
  let created = 0;
  const inForce = await pool.query<VersionInForce>(
    `SELECT v.version_id, v.contract_id, k.customer_id, c.parent_id, k.kind, v.tiers,
            EXISTS (SELECT 1 FROM agent_bonus_results r WHERE r.contract_id = v.contract_id AND r.period_start = $3::date) AS done
       FROM (SELECT DISTINCT ON (contract_id) id AS version_id, contract_id, frequency, tiers
               FROM agent_bonus_contract_versions WHERE valid_from < $1
              ORDER BY contract_id, valid_from DESC, id DESC) v
       JOIN agent_bonus_contracts k ON k.id = v.contract_id
       JOIN customers c ON c.id = k.customer_id
      WHERE v.frequency = $2
      ORDER BY v.contract_id`,
    [period.until, frequency, period.start],
  );
  // The direct members' contracts of each holder: same kind, and (this query) the same frequency.
  const byUpline = new Map<string, VersionInForce[]>();
  for (const row of inForce.rows) {
    if (row.parent_id === null) continue;
    const key = `${Number(row.parent_id)}:${row.kind}`;
    byUpline.set(key, [...(byUpline.get(key) ?? []), row]);
  }
  for (const holder of inForce.rows) {
    if (holder.done) continue;
    const members = byUpline.get(`${Number(holder.customer_id)}:${holder.kind}`) ?? [];
    const figures = await teamFigures(pool, [Number(holder.customer_id), ...members.map((m) => Number(m.customer_id))], period.from, period.until);
    const grossOf = (row: VersionInForce) => {
      const f = figures.get(Number(row.customer_id))!;
      return bonusAmount(row.kind, row.tiers, f.volume, f.active, f.loss);
    };
    const own = figures.get(Number(holder.customer_id))!;
    const { rate, amount: gross } = grossOf(holder);
    const { deduction, amount } = levelDifference(
      gross,
      members.map((m) => grossOf(m).amount),
    );
    const inserted = await pool.query(
      `INSERT INTO agent_bonus_results (contract_id, contract_version_id, customer_id, kind, frequency, period_start, period_end, team_volume,
                                        active_members, team_loss, rate, gross_amount, member_deduction, amount, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT (contract_id, period_start) DO NOTHING`,
      [
        holder.contract_id,
        holder.version_id,
        holder.customer_id,
        holder.kind,
        frequency,
        period.start,
        period.end,
        own.volume,
        own.active,
        own.loss,
        rate,
        gross,
        deduction,
        amount,
        amount > 0 ? 'WAITING_FOR_APPROVAL' : 'NOT_ACHIEVED',
      ],
    );
    created += inserted.rowCount ?? 0;
  }
  return created;
}

export type Decider = { kind: 'agent'; agentId: number } | { kind: 'operator'; username: string };

/**
 * Approves (pays) or rejects a waiting result, once: the guarded status update and the transfer
 * commit together, so a second approval (or a reject racing an approve) finds nothing to decide.
 */
export async function decideResult(client: pg.PoolClient, resultId: number, approve: boolean, decider: Decider): Promise<void> {
  const updated = await client.query<{ customer_id: number; kind: BonusKind; amount: number }>(
    `UPDATE agent_bonus_results SET status = $2, decided_at = now(), decided_by_customer_id = $3, decided_by_operator = $4
      WHERE id = $1 AND status = 'WAITING_FOR_APPROVAL' RETURNING customer_id, kind, amount`,
    [resultId, approve ? 'PAID' : 'REJECTED', decider.kind === 'agent' ? decider.agentId : null, decider.kind === 'operator' ? decider.username : null],
  );
  const row = updated.rows[0];
  if (!row) throw errors.conflict('该奖金已处理，不能重复操作');
  if (!approve) return;
  const house = await systemAccountId(client, BONUS_ACCOUNT, 'HOUSE');
  const wallet = await playerAccountId(client, Number(row.customer_id));
  const amount = Number(row.amount);
  const transfer = await postTransfer(client, {
    idempotencyKey: `bonus:${resultId}`,
    type: row.kind,
    reference: `agent-bonus:${resultId}`,
    legs: [
      { accountId: house, amount: -amount },
      { accountId: wallet, amount },
    ],
  });
  await client.query('UPDATE agent_bonus_results SET transfer_id = $2 WHERE id = $1', [resultId, transfer.transferId]);
}

// Bonus results (docs/agents/commission.md): per contract and ended period, the team's figures from
// settled orders of the holder's subtree (the holder included), the rate of the best tier reached
// and the amount — WAITING_FOR_APPROVAL, or NOT_ACHIEVED when nothing is due. Inserting a period is
// keyed (contract, period start), so runs in parallel or again write it once. Approval pays once:
// the status moves from WAITING_FOR_APPROVAL in the same transaction as the DW/BON transfer.
import type pg from 'pg';
import { rateAt, type BonusKind, type BonusResult, type BonusTier } from '../../../shared/api/agent-commission.ts';
import type { BonusFrequency } from '../../../shared/enums.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';
import { playerAccountId, postTransfer, systemAccountId } from '../../wallet/ledger.ts';
import { lastEndedPeriod } from './periods.ts';

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
  amount: Number(r.amount),
  status: r.status,
  decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
});

export const SELECT_RESULTS = `SELECT r.id, r.customer_id, c.username, r.kind, r.frequency,
    to_char(r.period_start, 'YYYY-MM-DD') AS period_start, to_char(r.period_end, 'YYYY-MM-DD') AS period_end,
    r.team_volume, r.active_members, r.team_loss, r.rate, r.amount, r.status, r.decided_at
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

/** Computes the last ended period of every contract that existed before that period ended. */
export async function runBonusJob(pool: pg.Pool, now = Date.now()): Promise<{ created: number }> {
  const contracts = await pool.query<{ id: number; customer_id: number; kind: BonusKind; frequency: BonusFrequency; tiers: BonusTier[]; created_at: Date }>(
    'SELECT id, customer_id, kind, frequency, tiers, created_at FROM agent_bonus_contracts ORDER BY id',
  );
  let created = 0;
  for (const contract of contracts.rows) {
    const period = lastEndedPeriod(contract.frequency, now);
    if (contract.created_at >= period.until) continue;
    const figures = await pool.query<{ volume: string; active: number; loss: string }>(
      `SELECT coalesce(sum(o.total_stake), 0)::text AS volume, count(DISTINCT o.customer_id)::int AS active,
              coalesce(sum(o.total_stake - o.payout - o.rebate), 0)::text AS loss
         FROM customer_tree t JOIN order_outcomes o ON o.customer_id = t.descendant_id
        WHERE t.ancestor_id = $1 AND o.status IN ('WON', 'LOST') AND o.settled_at >= $2 AND o.settled_at < $3`,
      [contract.customer_id, period.from, period.until],
    );
    const { volume, active, loss } = figures.rows[0]!;
    const { rate, amount } = bonusAmount(contract.kind, contract.tiers, Number(volume), active, Number(loss));
    const inserted = await pool.query(
      `INSERT INTO agent_bonus_results (contract_id, customer_id, kind, frequency, period_start, period_end, team_volume,
                                        active_members, team_loss, rate, amount, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (contract_id, period_start) DO NOTHING`,
      [contract.id, contract.customer_id, contract.kind, contract.frequency, period.start, period.end, volume, active, loss, rate, amount,
        amount > 0 ? 'WAITING_FOR_APPROVAL' : 'NOT_ACHIEVED'],
    );
    created += inserted.rowCount ?? 0;
  }
  return { created };
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

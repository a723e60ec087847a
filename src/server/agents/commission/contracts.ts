// Bonus contracts (日工资 DW / 分红 BON, docs/agents/commission.md): an agent sets them for its direct
// members, an operator for primary agents. A contract is never more generous than its setter's own,
// and never less than what its holder already gave its own direct members; both checks run under
// row locks on the setter and the holder, so concurrent changes up and down the tree cannot race.
// Every change also appends a version (agent_bonus_contract_versions, never updated or deleted).
import type pg from 'pg';
import {
  tiersWithinCeiling,
  withinOwnContract,
  MAX_RATE_BP,
  type BonusKind,
  type BonusTier,
  type Contract,
  type ContractBody,
} from '../../../shared/api/agent-commission.ts';
import type { Queryable } from '../../db/pool.ts';
import { errors } from '../../http/errors.ts';

interface ContractRow {
  id: number;
  customer_id: number;
  username: string;
  kind: BonusKind;
  frequency: Contract['frequency'];
  tiers: BonusTier[];
  updated_at: Date;
}

export const contractView = (r: ContractRow): Contract => ({
  id: Number(r.id),
  customerId: Number(r.customer_id),
  username: r.username,
  kind: r.kind,
  frequency: r.frequency,
  tiers: r.tiers,
  updatedAt: r.updated_at.toISOString(),
});

const SELECT_CONTRACTS = `SELECT k.id, k.customer_id, c.username, k.kind, k.frequency, k.tiers, k.updated_at
  FROM agent_bonus_contracts k JOIN customers c ON c.id = k.customer_id`;

export async function contractsOf(db: Queryable, customerIds: readonly number[]): Promise<Contract[]> {
  if (customerIds.length === 0) return [];
  const rows = await db.query<ContractRow>(`${SELECT_CONTRACTS} WHERE k.customer_id = ANY($1::bigint[]) ORDER BY k.customer_id, k.kind`, [customerIds]);
  return rows.rows.map(contractView);
}

export type Setter = { kind: 'agent'; agentId: number } | { kind: 'operator'; username: string };

/**
 * Sets `holderId`'s contract of `kind`. The caller has checked who may (direct member of the agent,
 * or a primary agent for an operator); this checks the amounts, in the caller's transaction.
 */
export async function setContract(
  client: pg.PoolClient,
  setter: Setter,
  holderId: number,
  kind: BonusKind,
  body: ContractBody,
): Promise<{ before: Contract | null; after: Contract }> {
  if (!tiersWithinCeiling(kind, body.tiers)) throw errors.validation(`比例不能超过 ${MAX_RATE_BP[kind] / 100}%`);
  const lockIds = setter.kind === 'agent' ? [setter.agentId, holderId] : [holderId];
  await client.query('SELECT id FROM customers WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE', [lockIds]);
  if (setter.kind === 'agent') {
    const own = (await contractsOf(client, [setter.agentId])).find((c) => c.kind === kind);
    if (!own) throw errors.conflict('您没有该类奖金契约，不能为下级设置');
    if (own.frequency !== body.frequency) throw errors.conflict('发放周期须与您自己的契约一致');
    if (!withinOwnContract(body.tiers, own.tiers)) throw errors.conflict('契约比例不能高于您自己的契约');
  }
  const given = await client.query<ContractRow>(
    `${SELECT_CONTRACTS} WHERE k.kind = $2 AND k.customer_id IN (SELECT id FROM customers WHERE parent_id = $1)`,
    [holderId, kind],
  );
  for (const below of given.rows) {
    if (below.frequency !== body.frequency) throw errors.conflict('该会员已给下级设置了其他周期的契约，不能更改周期');
    if (!withinOwnContract(below.tiers, body.tiers)) throw errors.conflict('契约不能低于该会员已给下级的契约');
  }
  const before = (await contractsOf(client, [holderId])).find((c) => c.kind === kind) ?? null;
  // The current terms, and (same transaction) an appended version: the bonus job computes a period
  // with the version in force at its end, so a change never reaches back into an ended period.
  await client.query(
    `WITH contract AS (
       INSERT INTO agent_bonus_contracts (customer_id, kind, frequency, tiers, set_by_customer_id, set_by_operator)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6)
       ON CONFLICT (customer_id, kind) DO UPDATE SET frequency = EXCLUDED.frequency, tiers = EXCLUDED.tiers,
         set_by_customer_id = EXCLUDED.set_by_customer_id, set_by_operator = EXCLUDED.set_by_operator, updated_at = now()
       RETURNING id)
     INSERT INTO agent_bonus_contract_versions (contract_id, frequency, tiers, set_by_customer_id, set_by_operator)
     SELECT id, $3, $4::jsonb, $5, $6 FROM contract`,
    [
      holderId,
      kind,
      body.frequency,
      JSON.stringify(body.tiers),
      setter.kind === 'agent' ? setter.agentId : null,
      setter.kind === 'operator' ? setter.username : null,
    ],
  );
  const after = (await contractsOf(client, [holderId])).find((c) => c.kind === kind)!;
  return { before, after };
}

// IDOR cases of the agent centre's commission part (see tests/support/agent-idor.ts): bonus contracts
// of customers outside demo_agent's direct team, and bonus results it may not decide.
import type { IdorCase, IdorFixture } from '../../support/agent-idor.ts';
import { AGENT_COMMISSION_PATHS } from '../../../src/shared/api/agent-commission.ts';

const CONTRACT = { frequency: 'DAILY', tiers: [{ volume: 0, activeMembers: 1, rate: 10 }] };

const contractsOf = (customer: (f: IdorFixture) => number) => async (f: IdorFixture) =>
  (await f.pool.query('SELECT kind, frequency, tiers FROM agent_bonus_contracts WHERE customer_id = $1 ORDER BY kind', [customer(f)])).rows;

/** A waiting bonus result of `customer` (a contract and a period result written as the job would). */
async function waitingResult(f: IdorFixture, customerId: number): Promise<number> {
  const contract = await f.pool.query<{ id: number }>(
    `INSERT INTO agent_bonus_contracts (customer_id, kind, frequency, tiers) VALUES ($1, 'BON', 'DAILY', '[{"volume":0,"activeMembers":0,"rate":100}]')
     ON CONFLICT (customer_id, kind) DO UPDATE SET updated_at = now() RETURNING id`,
    [customerId],
  );
  const result = await f.pool.query<{ id: number }>(
    `INSERT INTO agent_bonus_results (contract_id, customer_id, kind, frequency, period_start, period_end, team_volume, active_members, team_loss, rate, amount, status)
     VALUES ($1, $2, 'BON', 'DAILY', current_date - (SELECT count(*)::int FROM agent_bonus_results), current_date, 0, 0, 10000, 100, 100, 'WAITING_FOR_APPROVAL') RETURNING id`,
    [contract.rows[0]!.id, customerId],
  );
  return result.rows[0]!.id;
}

const resultStatus = (id: () => number) => async (f: IdorFixture) =>
  (await f.pool.query('SELECT status, transfer_id FROM agent_bonus_results WHERE id = $1', [id()])).rows;

function decideCases(label: string, customer: (f: IdorFixture) => number): IdorCase[] {
  const made: { id: number } = { id: 0 };
  return (['approve', 'reject'] as const).map((action) => ({
    name: `${action} the bonus of ${label}`,
    request: async (f: IdorFixture) => {
      made.id = await waitingResult(f, customer(f));
      return { method: 'POST' as const, url: AGENT_COMMISSION_PATHS[action](made.id) };
    },
    unchanged: resultStatus(() => made.id),
  }));
}

export const cases: IdorCase[] = [
  ...(
    [
      ['another tree’s player', (f: IdorFixture) => f.foreign.playerId],
      ['another tree’s agent', (f: IdorFixture) => f.foreign.agentId],
      ['its own upline', (f: IdorFixture) => f.uplineId],
      ['itself', (f: IdorFixture) => f.agentId],
    ] as const
  ).map(([label, customer]) => ({
    name: `set the bonus contract of ${label}`,
    request: (f: IdorFixture) => ({ method: 'PUT' as const, url: AGENT_COMMISSION_PATHS.contract(customer(f), 'DW'), payload: CONTRACT }),
    unchanged: contractsOf(customer),
  })),
  ...decideCases('another tree’s player', (f) => f.foreign.playerId),
  ...decideCases('its own (decided by its upline)', (f) => f.agentId),
  ...decideCases('its upline', (f) => f.uplineId),
];

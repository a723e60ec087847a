// IDOR cases of the agent centre's team part (see tests/support/agent-idor.ts): members, prize groups,
// team orders and transfers, each asked by demo_agent about someone outside its team.
import { randomUUID } from 'node:crypto';
import { AGENT_TEAM_PATHS } from '../../../src/shared/api/agent-team.ts';
import type { IdorCase, IdorFixture } from '../../support/agent-idor.ts';

const groupOf = async (fixture: IdorFixture, id: number) =>
  (await fixture.pool.query<{ prize_group: number }>('SELECT prize_group FROM customers WHERE id = $1', [id])).rows[0]?.prize_group;

/** Both wallets a refused transfer would have touched, and every TT transfer. */
const transferState = (memberId: (f: IdorFixture) => number) => async (fixture: IdorFixture) => ({
  balances: (
    await fixture.pool.query<{ customer_id: number; balance: number }>(
      `SELECT customer_id, balance FROM ledger_accounts WHERE customer_id = ANY($1::bigint[]) AND kind = 'PLAYER_MAIN' ORDER BY customer_id`,
      [[fixture.agentId, memberId(fixture)]],
    )
  ).rows,
  transfers: (await fixture.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM agent_transfers')).rows[0]!.n,
});

/** An order of the foreign tree's player, written as placing would leave it. */
async function foreignOrder(fixture: IdorFixture): Promise<number> {
  const inserted = await fixture.pool.query<{ id: number }>(
    `INSERT INTO orders (customer_id, client_key, draw_type, play_mode, issue_number, bet_count, total_stake, prize_group)
     VALUES ($1, $2, 'UUFFC', 'REGULAR', '20260101-0001', 1, 20000, 1950) RETURNING id`,
    [fixture.foreign.playerId, `idor-${randomUUID()}`],
  );
  return inserted.rows[0]!.id;
}

const TRANSFER = (memberId: number) => ({ memberId, amount: '10', moneyPassword: 'whatever1', clientKey: randomUUID() });

export const cases: IdorCase[] = [
  { name: 'member detail of another tree’s player', request: (f) => ({ method: 'GET', url: AGENT_TEAM_PATHS.member(f.foreign.playerId) }) },
  { name: 'member detail of another tree’s agent', request: (f) => ({ method: 'GET', url: AGENT_TEAM_PATHS.member(f.foreign.agentId) }) },
  { name: 'member detail of the upline', request: (f) => ({ method: 'GET', url: AGENT_TEAM_PATHS.member(f.uplineId) }) },
  { name: 'drill-down into another tree’s agent', request: (f) => ({ method: 'GET', url: `${AGENT_TEAM_PATHS.members}?parentId=${f.foreign.agentId}` }) },
  { name: 'drill-down into the upline', request: (f) => ({ method: 'GET', url: `${AGENT_TEAM_PATHS.members}?parentId=${f.uplineId}&scope=all` }) },
  {
    name: 'prize group of another tree’s player',
    request: (f) => ({ method: 'PUT', url: AGENT_TEAM_PATHS.memberPrizeGroup(f.foreign.playerId), payload: { prizeGroup: 1900 } }),
    unchanged: (f) => groupOf(f, f.foreign.playerId),
  },
  {
    name: 'prize group of another tree’s agent',
    request: (f) => ({ method: 'PUT', url: AGENT_TEAM_PATHS.memberPrizeGroup(f.foreign.agentId), payload: { prizeGroup: 1950 } }),
    unchanged: (f) => groupOf(f, f.foreign.agentId),
  },
  {
    name: 'prize group of the upline',
    request: (f) => ({ method: 'PUT', url: AGENT_TEAM_PATHS.memberPrizeGroup(f.uplineId), payload: { prizeGroup: 1900 } }),
    unchanged: (f) => groupOf(f, f.uplineId),
  },
  { name: 'order of another tree’s player', request: async (f) => ({ method: 'GET', url: AGENT_TEAM_PATHS.order(await foreignOrder(f)) }) },
  {
    name: 'transfer to another tree’s player',
    request: (f) => ({ method: 'POST', url: AGENT_TEAM_PATHS.transfers, payload: TRANSFER(f.foreign.playerId) }),
    unchanged: transferState((f) => f.foreign.playerId),
  },
  {
    name: 'transfer to the upline',
    request: (f) => ({ method: 'POST', url: AGENT_TEAM_PATHS.transfers, payload: TRANSFER(f.uplineId) }),
    unchanged: transferState((f) => f.uplineId),
  },
];

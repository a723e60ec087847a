// IDOR cases of the agent centre's reports part (see tests/support/agent-idor.ts): team profit's
// drill-down names a member; anyone outside demo_agent's subtree gets 404, in either view.
import { AGENT_REPORT_PATHS } from '../../../src/shared/api/agent-reports.ts';
import type { IdorCase } from '../../support/agent-idor.ts';

const profitOf = (id: number, view: 'members' | 'days') => ({ method: 'GET' as const, url: `${AGENT_REPORT_PATHS.profit}?memberId=${id}&view=${view}` });

export const cases: IdorCase[] = [
  { name: 'team profit of another tree\'s agent', request: (f) => profitOf(f.foreign.agentId, 'members') },
  { name: 'team profit of another tree\'s player', request: (f) => profitOf(f.foreign.playerId, 'members') },
  { name: 'team profit of another tree\'s primary agent, per day', request: (f) => profitOf(f.foreign.primaryId, 'days') },
  { name: 'team profit of the caller\'s own upline', request: (f) => profitOf(f.uplineId, 'members') },
  { name: 'team profit of the caller\'s own upline, per day', request: (f) => profitOf(f.uplineId, 'days') },
];

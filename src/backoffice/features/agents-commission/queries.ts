// The back office's commission and bonus pages' server state (one key prefix: an action refreshes all).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  AdminBonusResultListSchema,
  AdminBonusResultSchema,
  AGENT_COMMISSION_ADMIN_PATHS,
  CommissionRunDetailSchema,
  CommissionRunListSchema,
  PrimaryContractsSchema,
} from '../../../shared/backoffice/agent-commission.ts';
import { ContractSchema, type BonusKind, type ContractBody } from '../../../shared/api/agent-commission.ts';
import type { BonusStatus } from '../../../shared/enums.ts';
import { boGet, boSend } from '../../lib/api.ts';

const KEY = ['backoffice', 'agents', 'commission'] as const;

export const runsQuery = (page: number) =>
  queryOptions({ queryKey: [...KEY, 'runs', page], queryFn: ({ signal }) => boGet(AGENT_COMMISSION_ADMIN_PATHS.runs, CommissionRunListSchema, { page }, signal) });

export const runQuery = (id: number) =>
  queryOptions({ queryKey: [...KEY, 'run', id], queryFn: ({ signal }) => boGet(AGENT_COMMISSION_ADMIN_PATHS.run(id), CommissionRunDetailSchema, undefined, signal) });

export const contractsQuery = () =>
  queryOptions({ queryKey: [...KEY, 'contracts'], queryFn: ({ signal }) => boGet(AGENT_COMMISSION_ADMIN_PATHS.contracts, PrimaryContractsSchema, undefined, signal) });

export const resultsQuery = (status?: BonusStatus) =>
  queryOptions({
    queryKey: [...KEY, 'results', status ?? ''],
    queryFn: ({ signal }) => boGet(AGENT_COMMISSION_ADMIN_PATHS.results, AdminBonusResultListSchema, status ? { status } : {}, signal),
  });

export const stopRun = (id: number, reason: string) => boSend('POST', AGENT_COMMISSION_ADMIN_PATHS.stop(id), { reason }, CommissionRunDetailSchema);
export const saveContract = (customerId: number, kind: BonusKind, body: ContractBody) =>
  boSend('PUT', AGENT_COMMISSION_ADMIN_PATHS.contract(customerId, kind), body, ContractSchema);
export const decideBonus = (id: number, approve: boolean) =>
  boSend('POST', approve ? AGENT_COMMISSION_ADMIN_PATHS.approve(id) : AGENT_COMMISSION_ADMIN_PATHS.reject(id), {}, AdminBonusResultSchema);
export const refreshCommission = (client: QueryClient) => client.invalidateQueries({ queryKey: KEY });

// The 团队返点 / 团队奖金 pages' and the income config's server state.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  ActionAnswerSchema,
  AGENT_COMMISSION_PATHS,
  BonusResultListSchema,
  CommissionSummarySchema,
  ContractSchema,
  ContractsAnswerSchema,
  IncomeConfigSchema,
  type BonusKind,
  type ContractBody,
} from '../../../../shared/api/agent-commission.ts';
import { apiGet, apiPost, apiPut } from '../../../lib/api/client.ts';
import { USER_QUERY_PREFIX } from '../../session/session-queries.ts';

const KEY = [USER_QUERY_PREFIX, 'agent-commission'] as const;

export const commissionQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: [...KEY, 'summary', from, to],
    queryFn: ({ signal }) => apiGet(`${AGENT_COMMISSION_PATHS.commission}?from=${from}&to=${to}`, CommissionSummarySchema, signal),
  });

export const contractsQueryOptions = () =>
  queryOptions({ queryKey: [...KEY, 'contracts'], queryFn: ({ signal }) => apiGet(AGENT_COMMISSION_PATHS.contracts, ContractsAnswerSchema, signal) });

export const memberResultsQueryOptions = () =>
  queryOptions({ queryKey: [...KEY, 'results'], queryFn: ({ signal }) => apiGet(AGENT_COMMISSION_PATHS.results, BonusResultListSchema, signal) });

export const incomeConfigQueryOptions = () =>
  queryOptions({ queryKey: [...KEY, 'income-config'], queryFn: ({ signal }) => apiGet(AGENT_COMMISSION_PATHS.incomeConfig, IncomeConfigSchema, signal) });

export const saveContract = (memberId: number, kind: BonusKind, body: ContractBody) =>
  apiPut(AGENT_COMMISSION_PATHS.contract(memberId, kind), body, ContractSchema);

export const decideResult = (id: number, approve: boolean) =>
  apiPost(approve ? AGENT_COMMISSION_PATHS.approve(id) : AGENT_COMMISSION_PATHS.reject(id), {}, ActionAnswerSchema);

export const refreshCommission = (client: QueryClient) => client.invalidateQueries({ queryKey: KEY });

import { useQuery } from '@tanstack/react-query';
import type { CurrentCustomer } from '../../../shared/api/session.ts';
import { isTrial } from '../../../shared/api/session.ts';
import { currentCustomerQueryOptions } from './session-queries.ts';

export function useCurrentCustomer(): CurrentCustomer | null {
  return useQuery(currentCustomerQueryOptions()).data ?? null;
}

export type VisitorKind = 'anonymous' | 'trial' | 'player' | 'agent';

export function visitorKind(customer: CurrentCustomer | null): VisitorKind {
  if (!customer) return 'anonymous';
  if (isTrial(customer)) return 'trial';
  return customer.type === 'PLAYER' ? 'player' : 'agent';
}

import { useQuery } from '@tanstack/react-query';
import { useCapabilities } from '../../capabilities/capabilities.tsx';
import { siteConfigQueryOptions } from '../../features/content/content-queries.ts';
import { useCurrentCustomer, visitorKind } from '../../features/session/use-current-customer.ts';

export function useNavContext() {
  const customer = useCurrentCustomer();
  const capabilities = useCapabilities();
  const vipInfoUrl = useQuery(siteConfigQueryOptions()).data?.vipInfoUrl ?? null;
  return { visitor: visitorKind(customer), capabilities, vipInfoUrl };
}

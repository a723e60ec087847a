// The agent's links, the operator's domains and manual creation: query options and calls.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  AGENT_LINK_PATHS,
  AgentLinkSchema,
  CreatedAccountSchema,
  DeletedCountSchema,
  LinkListSchema,
  RegistrationDomainListSchema,
  type CreateLinkInput,
  type LinkState,
  type ManualAccountInput,
} from '../../../../shared/api/agent-links.ts';
import { apiGet, apiPost, apiPut, apiRequest } from '../../../lib/api/client.ts';
import { USER_QUERY_PREFIX } from '../../session/session-queries.ts';

/** The agent's own links and domains: under the user prefix, so logout drops them and the next account never sees them. */
export const AGENT_LINKS_QUERY_KEY = [USER_QUERY_PREFIX, 'agent-links'] as const;
const LINKS_KEY = [...AGENT_LINKS_QUERY_KEY, 'links'] as const;

export const linkListQuery = (page: number, pageSize: number, state: LinkState | null) =>
  queryOptions({
    queryKey: [...LINKS_KEY, 'list', page, pageSize, state] as const,
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
      if (state) search.set('state', state);
      return apiGet(`${AGENT_LINK_PATHS.links}?${search.toString()}`, LinkListSchema, signal);
    },
  });

export const domainListQuery = () =>
  queryOptions({
    queryKey: [...AGENT_LINKS_QUERY_KEY, 'registration-domains'] as const,
    queryFn: ({ signal }) => apiGet(AGENT_LINK_PATHS.domains, RegistrationDomainListSchema, signal),
    staleTime: 5 * 60_000,
  });

export const createLink = (input: CreateLinkInput) => apiPost(AGENT_LINK_PATHS.links, input, AgentLinkSchema);
export const deleteLink = (id: string) => apiPut(AGENT_LINK_PATHS.deleteLink(id), undefined, AgentLinkSchema);
export const setLinkRemark = (id: string, remark: string) => apiPut(AGENT_LINK_PATHS.remarks(id), { remark }, AgentLinkSchema);
export const deleteInactiveLinks = () => apiRequest(AGENT_LINK_PATHS.inactive, { method: 'DELETE', schema: DeletedCountSchema });
export const createManualAccount = (input: ManualAccountInput) => apiPost(AGENT_LINK_PATHS.accounts, input, CreatedAccountSchema);

export function refreshLinks(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: LINKS_KEY });
}

// The claimable red packets query (GET /ajax/red-packet/claimable), shared by the entry-chunk count
// and the lazily loaded float. Entry chunk: type-only imports, no zod (the float validates what it uses).
import { queryOptions } from '@tanstack/react-query';
import type { ClaimableRedPacket } from '../../../shared/api/red-packets.ts';
import { apiRequest } from '../../lib/api/client.ts';
import { USER_QUERY_PREFIX } from '../session/session-queries.ts';

export const CLAIMABLE_PATH = '/ajax/red-packet/claimable';
export const CLAIMABLE_QUERY_KEY = [USER_QUERY_PREFIX, 'red-packets', 'claimable'] as const;

/** Persisted (decisions §7): offline, the float still knows there is something to claim once back online. */
export const claimableQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: CLAIMABLE_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<ClaimableRedPacket[]>(CLAIMABLE_PATH, { signal }),
    staleTime: 60_000,
    enabled,
  });

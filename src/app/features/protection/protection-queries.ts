import { queryOptions } from '@tanstack/react-query';
import { PROTECTION_PATHS, ProtectionStatusSchema } from '../../../shared/api/protection-status.ts';
import { apiGet } from '../../lib/api/client.ts';
import { USER_QUERY_PREFIX } from '../session/session-queries.ts';

export const PROTECTION_QUERY_KEY = [USER_QUERY_PREFIX, 'protection'] as const;

export const protectionQueryOptions = () =>
  queryOptions({
    queryKey: PROTECTION_QUERY_KEY,
    queryFn: ({ signal }) => apiGet(PROTECTION_PATHS.status, ProtectionStatusSchema, signal),
    meta: { persist: false },
  });

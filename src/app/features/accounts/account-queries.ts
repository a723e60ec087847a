import { queryOptions } from '@tanstack/react-query';
import { ACCOUNTS_PATHS, CaptchaSchema, CustomerInfoSchema, SessionListSchema } from '../../../shared/api/accounts.ts';
import { apiGet } from '../../lib/api/client.ts';
import { USER_QUERY_PREFIX } from '../session/session-queries.ts';

export const CUSTOMER_INFO_QUERY_KEY = [USER_QUERY_PREFIX, 'customer-info'] as const;

export const customerInfoQueryOptions = () =>
  queryOptions({
    queryKey: CUSTOMER_INFO_QUERY_KEY,
    queryFn: ({ signal }) => apiGet(ACCOUNTS_PATHS.info, CustomerInfoSchema, signal),
    // Masked contacts are still personal data: not kept on the device.
    meta: { persist: false },
  });

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: [USER_QUERY_PREFIX, 'sessions'] as const,
    queryFn: ({ signal }) => apiGet(ACCOUNTS_PATHS.sessions, SessionListSchema, signal),
    meta: { persist: false },
  });

/** A captcha is single use: never cached, never persisted, refetched on demand. */
export const captchaQueryOptions = () =>
  queryOptions({
    queryKey: ['captcha'] as const,
    queryFn: ({ signal }) => apiGet(ACCOUNTS_PATHS.captcha, CaptchaSchema, signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    meta: { persist: false },
  });

// The back office talks to /ajax/backoffice/... with the PWA's own fetch wrapper (same error model,
// same CSRF header): one client, two apps.
import type { z } from 'zod';
import { apiRequest } from '../../app/lib/api/client.ts';
import { BACKOFFICE_API } from '../../shared/backoffice/session.ts';

export { ApiError, NetworkError } from '../../app/lib/api/errors.ts';

type Query = Record<string, string | number | boolean | null | undefined>;

/** '/customers' → '/ajax/backoffice/customers?…' (empty query values are left out). */
export function backofficePath(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const suffix = search.size > 0 ? `?${search.toString()}` : '';
  return `${BACKOFFICE_API}${path}${suffix}`;
}

export function boGet<T>(path: string, schema: z.ZodType<T>, query?: Query, signal?: AbortSignal): Promise<T> {
  return apiRequest(backofficePath(path, query), signal ? { schema, signal } : { schema });
}

export function boSend<T = unknown>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  schema?: z.ZodType<T>,
): Promise<T> {
  return apiRequest(backofficePath(path), { method, ...(body === undefined ? {} : { body }), ...(schema ? { schema } : {}) });
}

import { queryOptions } from '@tanstack/react-query';
import { RegistrationDataSchema, type RegistrationData } from '../../../shared/api/registration-data.ts';
import { apiGet } from '../../lib/api/client.ts';
import { ApiError } from '../../lib/api/errors.ts';

export { RegistrationDataSchema, type RegistrationData };

export const registrationPath = (id: string) => `/ajax/registration-link/${encodeURIComponent(id)}`;

/** A link that no longer exists is "no registration data", not a failure. */
export const registrationDataQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: ['registration', id] as const,
    queryFn: async ({ signal }): Promise<RegistrationData | null> => {
      if (!id) return null;
      try {
        return await apiGet(registrationPath(id), RegistrationDataSchema, signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 10 * 60_000,
  });

// The back office's query client: nothing is persisted and nothing is kept offline (an operator
// works online against the authority); a 401 anywhere means the operator session ended.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isNetworkError, isUnauthenticated } from '../../app/lib/api/errors.ts';

export function createBackofficeQueryClient(onSessionEnded: () => void): QueryClient {
  const onError = (error: unknown) => {
    if (isUnauthenticated(error)) onSessionEnded();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: true,
        retry: (failureCount, error) => isNetworkError(error) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

// A `drawResult` live event refreshes what is shown of that draw type (issue bar, results, the
// player's orders on it). Kept tiny: the live-event dispatcher is in the first bundle.
import type { QueryClient } from '@tanstack/react-query';

export const DRAWS_QUERY_PREFIX = 'draws';

export function applyDrawResultEvent(queryClient: QueryClient, drawType: string): void {
  void queryClient.invalidateQueries({ queryKey: [DRAWS_QUERY_PREFIX, drawType] });
}

import type { QueryClient } from '@tanstack/react-query';
import { USER_QUERY_PREFIX } from '../session/session-queries.ts';

/** A packet started, paused, resumed or ended: refetch the claimable list and the campaign list. */
export function onRedPacketsChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: [USER_QUERY_PREFIX, 'red-packets'] });
  void queryClient.invalidateQueries({ queryKey: ['red-packets'] });
}

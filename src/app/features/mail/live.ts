import type { QueryClient } from '@tanstack/react-query';
import { MAIL_LIST_QUERY_KEY } from './mail-queries.ts';

/** The unread count changed (already set by the caller): a new mail arrived or one was read elsewhere. */
export function onUnreadMailCount(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: MAIL_LIST_QUERY_KEY });
}

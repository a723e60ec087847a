// Entry chunk: type-only imports and query-cache calls. The notice itself comes as a textPopup event.
import type { QueryClient } from '@tanstack/react-query';
import type { LiveEventPayloads } from '../../../../shared/api/events.ts';
import type { CurrentCustomer } from '../../../../shared/api/session.ts';
import { SESSION_QUERY_KEY, USER_QUERY_PREFIX } from '../../session/session-queries.ts';

export const VIP_QUERY_KEY = [USER_QUERY_PREFIX, 'vip'] as const;

/** The header badge follows the new level at once; /account/vip refetches its figures. */
export function onVipLevelChanged(queryClient: QueryClient, change: LiveEventPayloads['vipLevelChanged'], _eventId: string): void {
  queryClient.setQueryData<CurrentCustomer | null>(SESSION_QUERY_KEY, (customer) => (customer ? { ...customer, vipLevel: change.level } : customer));
  void queryClient.invalidateQueries({ queryKey: VIP_QUERY_KEY });
}

import { useQuery } from '@tanstack/react-query';
import type { ChatChannel } from '../../../shared/api/events.ts';
import { apiRequest } from '../../lib/api/client.ts';
import { useCurrentCustomer } from '../session/use-current-customer.ts';
import { UNREAD_CHAT_QUERY_KEY, UNREAD_MAIL_QUERY_KEY } from './mail-queries.ts';

// The path of GET /ajax/mail/unread-count (MAIL_PATHS.unreadCount): spelled here because the footer is
// in the first-route chunk, which must not carry the mail schemas.
const UNREAD_MAIL_PATH = '/ajax/mail/unread-count';

function useLiveCount(queryKey: readonly unknown[]): number {
  // Written by the live stream only; never fetched.
  return useQuery({ queryKey, queryFn: () => 0, enabled: false }).data ?? 0;
}

async function fetchUnreadMailCount({ signal }: { signal: AbortSignal }): Promise<number> {
  const { count } = await apiRequest<{ count: unknown }>(UNREAD_MAIL_PATH, { signal });
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : 0;
}

/** The footer and bottom-nav badge: asked once the customer is known (not a trial), then kept by unreadMailCount events. */
export function useUnreadMailCount(): number {
  const customer = useCurrentCustomer();
  const eligible = customer !== null && customer.testMode === null;
  const count = useQuery({ queryKey: UNREAD_MAIL_QUERY_KEY, queryFn: fetchUnreadMailCount, enabled: eligible, staleTime: 5 * 60_000 }).data;
  return eligible ? (count ?? 0) : 0;
}

export function useUnreadChatCount(channel: ChatChannel): number {
  return useLiveCount([...UNREAD_CHAT_QUERY_KEY, channel]);
}

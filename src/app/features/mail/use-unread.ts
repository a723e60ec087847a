import { useQuery } from '@tanstack/react-query';
import { UNREAD_CHAT_QUERY_KEY, UNREAD_MAIL_QUERY_KEY } from './mail-queries.ts';

function useLiveCount(queryKey: readonly unknown[]): number {
  // Written by the live stream only; never fetched.
  return useQuery({ queryKey, queryFn: () => 0, enabled: false }).data ?? 0;
}

export function useUnreadMailCount(): number {
  return useLiveCount(UNREAD_MAIL_QUERY_KEY);
}

export function useUnreadChatCount(): number {
  return useLiveCount(UNREAD_CHAT_QUERY_KEY);
}

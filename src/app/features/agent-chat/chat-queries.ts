// The agent chat's server state: contacts, one conversation's newest page, and the calls that change
// them. Persisted like the rest of the `user` cache, so the last messages read offline (decisions §7);
// sending is never queued.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  AGENT_CHAT_PATHS,
  BulkResultSchema,
  ChatContactListSchema,
  ChatMessageListSchema,
  ChatMessageSchema,
  RemarkResultSchema,
  UnreadCountSchema,
  type BulkSend,
  type RemarkInput,
} from '../../../shared/api/agent-chat.ts';
import { apiGet, apiPost, apiPut } from '../../lib/api/client.ts';
import { CONTACTS_QUERY_KEY, conversationQueryKey } from './chat-keys.ts';

export const contactsQueryOptions = (search: string, page = 1) =>
  queryOptions({
    queryKey: [...CONTACTS_QUERY_KEY, { search, page }] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (search.trim() !== '') params.set('search', search.trim());
      return apiGet(`${AGENT_CHAT_PATHS.contacts}?${params.toString()}`, ChatContactListSchema, signal);
    },
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const conversationQueryOptions = (contactId: number) =>
  queryOptions({
    queryKey: conversationQueryKey(contactId),
    queryFn: ({ signal }) => apiGet(AGENT_CHAT_PATHS.messages(contactId), ChatMessageListSchema, signal),
    staleTime: 0,
  });

export const olderMessages = (contactId: number, before: number) =>
  apiGet(`${AGENT_CHAT_PATHS.messages(contactId)}?before=${before}`, ChatMessageListSchema);

export const sendMessage = ({ contactId, content }: { contactId: number; content: string }) =>
  apiPost(AGENT_CHAT_PATHS.messages(contactId), { content }, ChatMessageSchema);

export const markRead = (contactId: number) => apiPut(AGENT_CHAT_PATHS.read(contactId), {}, UnreadCountSchema);

export const saveRemark = ({ memberId, ...note }: RemarkInput & { memberId: number }) =>
  apiPut(AGENT_CHAT_PATHS.remark(memberId), note, RemarkResultSchema);

export const bulkSend = (body: BulkSend) => apiPost(AGENT_CHAT_PATHS.bulk, body, BulkResultSchema);

export const agentUnreadQueryFn = () => apiGet(AGENT_CHAT_PATHS.unreadCount, UnreadCountSchema).then((result) => result.count);

// Agent chat live events (first bundle: type-only imports, query-cache calls, tiny helpers). A message
// refreshes the conversation and the contact list and, unless its conversation is on screen, shows a
// notice when 消息提醒 is on; a member's update moves its online dot, and a new member shows a notice
// only when 新客户提醒 is on (spec §3.4; off by default).
import type { QueryClient } from '@tanstack/react-query';
import type { ChatContactList } from '../../../shared/api/agent-chat.ts';
import type { LiveEventPayloads } from '../../../shared/api/events.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { preferences } from '../../lib/preferences/store.ts';
import { CONTACTS_QUERY_KEY, conversationQueryKey, isConversationOpen } from './chat-keys.ts';

const PREVIEW_LENGTH = 40;

export function onAgentChatMessage(queryClient: QueryClient, message: LiveEventPayloads['chatMessage'], _eventId: string): void {
  void queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY });
  if (message.contactId !== null) void queryClient.invalidateQueries({ queryKey: conversationQueryKey(message.contactId) });
  if (isConversationOpen(message.contactId) || !preferences.get('messageAlert')) return;
  const preview = message.content.length > PREVIEW_LENGTH ? `${message.content.slice(0, PREVIEW_LENGTH)}…` : message.content;
  toastSuccess(`${message.from}：${preview}`);
}

export function onCustomerUpdated(queryClient: QueryClient, update: LiveEventPayloads['customerUpdatedMessage'], _eventId: string): void {
  if (update.isNewCustomer) {
    void queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY });
    if (preferences.get('newCustomerAlert')) toastSuccess(`新会员 ${update.name} 加入了您的团队`);
    return;
  }
  queryClient.setQueriesData<ChatContactList>({ queryKey: CONTACTS_QUERY_KEY }, (list) =>
    list && {
      ...list,
      items: list.items.map((contact) =>
        contact.id === update.customerId ? { ...contact, online: update.online, lastSeenAt: Date.now() } : contact,
      ),
    },
  );
}

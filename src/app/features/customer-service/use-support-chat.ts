// The chat's data: the persisted query (last known messages readable offline) kept current by
// GET /sse/im. The stream opens once the history is known, resuming after its newest message id; the
// browser's own reconnects send Last-Event-ID, so nothing is missed or repeated.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LAST_EVENT_ID_PARAM } from '../../../shared/api/events.ts';
import {
  IM_EVENTS,
  ImConversationEventSchema,
  ImReadEventSchema,
  SUPPORT_CHAT_PATHS,
  SUPPORT_TYPING_MS,
  SupportMessageSchema,
  type CustomerChat,
  type SupportMessage,
} from '../../../shared/api/support-chat.ts';
import { fetchChat, markRead } from './chat-api.ts';
import { SUPPORT_CHAT_QUERY_KEY } from './chat-keys.ts';

export function mergeMessages(existing: readonly SupportMessage[], incoming: readonly SupportMessage[]): SupportMessage[] {
  const byId = new Map(existing.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function appendMessage(queryClient: QueryClient, message: SupportMessage): void {
  queryClient.setQueryData<CustomerChat>(SUPPORT_CHAT_QUERY_KEY, (chat) =>
    chat ? { ...chat, messages: mergeMessages(chat.messages, [message]) } : chat,
  );
}

export function useSupportChat() {
  return useQuery({
    queryKey: SUPPORT_CHAT_QUERY_KEY,
    queryFn: ({ signal }) => fetchChat(signal),
    // Merge a refetch into what the stream already added (a refetch only knows the newest page).
    structuralSharing: false,
  });
}

function newestId(chat: CustomerChat | undefined): number {
  return chat?.messages.at(-1)?.id ?? 0;
}

/** Opens /sse/im while `enabled`; answers whether the operator is typing. */
export function useImStream(enabled: boolean, chat: CustomerChat | undefined): { operatorTyping: boolean } {
  const queryClient = useQueryClient();
  const [typingUntil, setTypingUntil] = useState(0);
  const [, setTick] = useState(0);
  const readUpTo = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    const lastId = newestId(queryClient.getQueryData<CustomerChat>(SUPPORT_CHAT_QUERY_KEY));
    const source = new EventSource(`${SUPPORT_CHAT_PATHS.stream}?${LAST_EVENT_ID_PARAM}=${lastId}`);
    const update = (change: (chat: CustomerChat) => CustomerChat) =>
      queryClient.setQueryData<CustomerChat>(SUPPORT_CHAT_QUERY_KEY, (chat) => (chat ? change(chat) : chat));
    const parse = (event: MessageEvent<string>) => {
      try {
        return JSON.parse(event.data) as unknown;
      } catch {
        return null;
      }
    };
    source.addEventListener(IM_EVENTS.message, (event) => {
      const message = SupportMessageSchema.safeParse(parse(event));
      if (!message.success) return;
      appendMessage(queryClient, message.data);
      if (message.data.sender === 'OPERATOR') setTypingUntil(0);
    });
    source.addEventListener(IM_EVENTS.conversation, (event) => {
      const conversation = ImConversationEventSchema.safeParse(parse(event));
      if (conversation.success) update((chat) => ({ ...chat, conversation: conversation.data }));
    });
    source.addEventListener(IM_EVENTS.read, (event) => {
      const read = ImReadEventSchema.safeParse(parse(event));
      if (read.success)
        update((chat) => (chat.conversation ? { ...chat, conversation: { ...chat.conversation, operatorReadId: Math.max(chat.conversation.operatorReadId, read.data.operatorReadId) } } : chat));
    });
    source.addEventListener(IM_EVENTS.typing, () => setTypingUntil(Date.now() + SUPPORT_TYPING_MS));
    return () => source.close();
  }, [enabled, queryClient]);

  // Read receipts: what is on screen while the window is visible counts as read.
  const newestOperator = (chat?.messages ?? []).reduce((newest, m) => (m.sender === 'OPERATOR' ? m.id : newest), 0);
  useEffect(() => {
    if (!enabled || newestOperator === 0 || newestOperator <= readUpTo.current) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || newestOperator <= readUpTo.current) return;
      readUpTo.current = newestOperator;
      void markRead(newestOperator)
        .then(({ count }) => queryClient.setQueryData<CustomerChat>(SUPPORT_CHAT_QUERY_KEY, (c) => (c ? { ...c, unread: count } : c)))
        .catch(() => {
          readUpTo.current = 0;
        });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [enabled, newestOperator, queryClient]);

  // Re-render when the typing signal runs out.
  useEffect(() => {
    if (typingUntil <= Date.now()) return;
    const timer = setTimeout(() => setTick((n) => n + 1), typingUntil - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [typingUntil]);

  return { operatorTyping: typingUntil > Date.now() };
}

// Customer-service messages on the main stream (entry chunk: type-only imports, query-cache calls).
// The chat is refreshed; unless the chat window is open, a notice shows who wrote and the start of it.
import type { QueryClient } from '@tanstack/react-query';
import type { LiveEventPayloads } from '../../../shared/api/events.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { isWindowOpen, SUPPORT_CHAT_QUERY_KEY } from './chat-keys.ts';

const PREVIEW_LENGTH = 40;

export function onSupportChatMessage(queryClient: QueryClient, message: LiveEventPayloads['chatMessage'], _eventId: string): void {
  void queryClient.invalidateQueries({ queryKey: SUPPORT_CHAT_QUERY_KEY });
  if (isWindowOpen()) return;
  const preview = message.content.length > PREVIEW_LENGTH ? `${message.content.slice(0, PREVIEW_LENGTH)}…` : message.content;
  toastSuccess(`${message.from}：${preview}`);
}

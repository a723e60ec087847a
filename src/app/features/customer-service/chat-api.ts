// The customer's calls to /ajax/customer-service/... (shared schemas validate requests and answers).
import { z } from 'zod';
import {
  CustomerChatSchema,
  SUPPORT_CHAT_PATHS,
  SupportMessageSchema,
  UnreadSchema,
  type CustomerChat,
  type SupportMessage,
} from '../../../shared/api/support-chat.ts';
import { apiGet, apiPost } from '../../lib/api/client.ts';

export interface Origin {
  source?: number;
  route?: string;
}

export const fetchChat = (signal?: AbortSignal): Promise<CustomerChat> => apiGet(SUPPORT_CHAT_PATHS.conversation, CustomerChatSchema, signal);
export const fetchUnread = (signal?: AbortSignal) => apiGet(SUPPORT_CHAT_PATHS.unreadCount, UnreadSchema, signal);
export const sendText = (text: string, origin: Origin): Promise<SupportMessage> => apiPost(SUPPORT_CHAT_PATHS.messages, { text, ...origin }, SupportMessageSchema);
export const sendImage = (data: string, origin: Origin): Promise<SupportMessage> => apiPost(SUPPORT_CHAT_PATHS.images, { data, ...origin }, SupportMessageSchema);
export const markRead = (lastReadId: number) => apiPost(SUPPORT_CHAT_PATHS.read, { lastReadId }, UnreadSchema);
export const sendTyping = () => apiPost(SUPPORT_CHAT_PATHS.typing, {}, z.object({}));

/** Reads a picked file as base64 (the server sniffs its type and checks its size again). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

// Query keys of the agent chat, and which conversation is on screen. Kept free of schemas and UI:
// the live-event hook (live.ts, first bundle) reads them.
import { UNREAD_CHAT_QUERY_KEY } from '../mail/mail-queries.ts';
import { USER_QUERY_PREFIX } from '../session/session-queries.ts';

/** Under the `user` prefix (logout drops it); persisted, so the last messages read offline. */
export const AGENT_CHAT_QUERY_KEY = [USER_QUERY_PREFIX, 'agent-chat'] as const;
export const CONTACTS_QUERY_KEY = [...AGENT_CHAT_QUERY_KEY, 'contacts'] as const;
export const conversationQueryKey = (contactId: number) => [...AGENT_CHAT_QUERY_KEY, 'conversation', contactId] as const;
export const AGENT_UNREAD_QUERY_KEY = [...UNREAD_CHAT_QUERY_KEY, 'AGENT'] as const;

let openContactId: number | null = null;

/** The conversation pane says which contact it shows, so a message there needs no notice. */
export function setOpenConversation(contactId: number | null): void {
  openContactId = contactId;
}

export function isConversationOpen(contactId: number | null): boolean {
  return contactId !== null && openContactId === contactId && typeof document !== 'undefined' && document.visibilityState === 'visible';
}

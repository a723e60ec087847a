// Entry-chunk safe (live.ts imports it): the chat's query key and whether the window is open.
import { USER_QUERY_PREFIX } from '../session/session-queries.ts';

/** The customer's chat (conversation + newest messages), persisted for offline reading. */
export const SUPPORT_CHAT_QUERY_KEY = [USER_QUERY_PREFIX, 'customer-service', 'chat'] as const;

/** The unread count's first value (then the live stream keeps it): refetch when a stream starts afresh. */
export const SUPPORT_UNREAD_QUERY_KEY = [USER_QUERY_PREFIX, 'customer-service', 'unread'] as const;

/** Stamped by the open window (window-open.ts), which may be a popup: another browsing context. */
export const OPEN_KEY = 'jinli.cs-open';

export function isWindowOpen(): boolean {
  try {
    return location.pathname === '/customer-service' || Date.now() - Number(localStorage.getItem(OPEN_KEY)) < 10_000;
  } catch {
    return false;
  }
}

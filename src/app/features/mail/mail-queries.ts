// The mail query keys. This file is in the first-route chunk (the footer badge and the live-event hook
// read it), so it holds keys only; the mail API calls live in mail-api.ts.
import { USER_QUERY_PREFIX } from '../session/session-queries.ts';

/** Every mail query (lists, details, recipients, the unread count): under the user prefix, so logout drops them. */
export const MAIL_QUERY_ROOT = [USER_QUERY_PREFIX, 'mail'] as const;
/** The received and sent lists, `[...MAIL_LIST_QUERY_KEY, box, page]`: persisted, readable offline. */
export const MAIL_LIST_QUERY_KEY = [...MAIL_QUERY_ROOT, 'list'] as const;
/** Fetched from GET /ajax/mail/unread-count once logged in, then set by the live stream. */
export const UNREAD_MAIL_QUERY_KEY = [...MAIL_QUERY_ROOT, 'unread-count'] as const;
/** Per chat channel (SUPPORT, AGENT): `[...UNREAD_CHAT_QUERY_KEY, channel]`. */
export const UNREAD_CHAT_QUERY_KEY = [USER_QUERY_PREFIX, 'chat', 'unread-count'] as const;
export const JACKPOT_TOTAL_QUERY_KEY = ['jackpot', 'total-prize'] as const;

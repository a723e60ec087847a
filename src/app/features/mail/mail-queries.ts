import { USER_QUERY_PREFIX } from '../session/session-queries.ts';

/** Unread counts arrive on the live stream; until the first event they read as 0. */
export const UNREAD_MAIL_QUERY_KEY = [USER_QUERY_PREFIX, 'mail', 'unread-count'] as const;
export const UNREAD_CHAT_QUERY_KEY = [USER_QUERY_PREFIX, 'chat', 'unread-count'] as const;
export const JACKPOT_TOTAL_QUERY_KEY = ['jackpot', 'total-prize'] as const;

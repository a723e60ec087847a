// The mail API as the PWA calls it. The lists are persisted (readable offline as last known, decisions
// §7); the recipients are not (they are only needed to send, which needs a connection anyway).
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  MAIL_PATHS,
  MailDetailSchema,
  MailListSchema,
  MailRecipientOptionsSchema,
  SentMailSchema,
  type MailBox,
  type SendMail,
} from '../../../shared/api/mail.ts';
import { apiGet, apiPost, apiRequest } from '../../lib/api/client.ts';
import { MAIL_LIST_QUERY_KEY, MAIL_QUERY_ROOT, UNREAD_MAIL_QUERY_KEY } from './mail-queries.ts';

export const MAIL_PAGE_SIZE = 10;

export const mailListQueryOptions = (box: MailBox, page: number) =>
  queryOptions({
    queryKey: [...MAIL_LIST_QUERY_KEY, box, page] as const,
    queryFn: ({ signal }) => apiGet(`${MAIL_PATHS.list}?box=${box}&page=${page}&size=${MAIL_PAGE_SIZE}`, MailListSchema, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Opening a received mail marks it read on the server. */
export const mailDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...MAIL_QUERY_ROOT, 'detail', id] as const,
    queryFn: ({ signal }) => apiGet(MAIL_PATHS.mail(id), MailDetailSchema, signal),
    staleTime: Infinity,
  });

export const mailRecipientsQueryOptions = () =>
  queryOptions({
    queryKey: [...MAIL_QUERY_ROOT, 'recipients'] as const,
    queryFn: ({ signal }) => apiGet(MAIL_PATHS.recipients, MailRecipientOptionsSchema, signal),
    staleTime: 60_000,
    meta: { persist: false },
  });

export const sendMail = (body: SendMail) => apiPost(MAIL_PATHS.list, body, SentMailSchema);
export const deleteMail = (id: number) => apiRequest(MAIL_PATHS.mail(id), { method: 'DELETE' });

/** After a change the server made (read, deleted, sent): the lists and the count are asked again. */
export function refreshMail(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: MAIL_LIST_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: UNREAD_MAIL_QUERY_KEY });
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** What a customer types is text: escaped, one paragraph per line (the server sanitises it anyway). */
export function textToMailHtml(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/[&<>"']/g, (char) => ESCAPES[char]!))
    .map((line) => (line.trim() === '' ? '<p><br></p>' : `<p>${line}</p>`))
    .join('');
}

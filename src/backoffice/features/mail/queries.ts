import { queryOptions } from '@tanstack/react-query';
import { AdminMailDetailSchema, AdminMailListSchema, MAIL_ADMIN_PATHS, SentMailSchema, type AdminSendMail } from '../../../shared/api/mail.ts';
import { boGet, boSend } from '../../lib/api.ts';

export const MAIL_KEY = ['backoffice', 'mail'] as const;
export const MAIL_ADMIN_PAGE_SIZE = 20;

export const adminMailListQuery = (kind: 'sent' | 'inbox', page: number) =>
  queryOptions({
    queryKey: [...MAIL_KEY, kind, page],
    queryFn: ({ signal }) =>
      boGet(kind === 'sent' ? MAIL_ADMIN_PATHS.sent : MAIL_ADMIN_PATHS.inbox, AdminMailListSchema, { page, size: MAIL_ADMIN_PAGE_SIZE }, signal),
  });

export const adminMailQuery = (id: number) =>
  queryOptions({
    queryKey: [...MAIL_KEY, 'detail', id],
    queryFn: ({ signal }) => boGet(MAIL_ADMIN_PATHS.mail(id), AdminMailDetailSchema, undefined, signal),
  });

export const sendPlatformMail = (body: AdminSendMail) => boSend('POST', MAIL_ADMIN_PATHS.sent, body, SentMailSchema);

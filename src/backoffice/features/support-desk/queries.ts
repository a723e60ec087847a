// The desk's data. The desk refreshes by short-interval refetch (REFRESH_MS) rather than a stream:
// operators are few, and a poll survives every proxy (docs/messages/customer-service.md).
import { z } from 'zod';
import {
  DeskConversationDetailSchema,
  DeskConversationListSchema,
  DeskConversationSchema,
  DeskOperatorListSchema,
  SUPPORT_DESK_PATHS,
  SupportMessageSchema,
} from '../../../shared/api/support-chat.ts';
import { CUSTOMERS_ADMIN_PATHS, CustomerDetailSchema } from '../../../shared/backoffice/customers.ts';
import { boGet, boSend } from '../../lib/api.ts';

export const REFRESH_MS = 3_000;
export type DeskView = 'waiting' | 'mine' | 'active' | 'closed';

export const DESK_KEY = ['backoffice', 'support'] as const;

export const listQuery = (view: DeskView) => ({
  queryKey: [...DESK_KEY, 'list', view] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(SUPPORT_DESK_PATHS.conversations, DeskConversationListSchema, { view }, signal),
  refetchInterval: REFRESH_MS,
});

export const detailQuery = (id: number) => ({
  queryKey: [...DESK_KEY, 'detail', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(SUPPORT_DESK_PATHS.conversation(id), DeskConversationDetailSchema, undefined, signal),
  refetchInterval: REFRESH_MS,
});

export const operatorsQuery = {
  queryKey: [...DESK_KEY, 'operators'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(SUPPORT_DESK_PATHS.operators, DeskOperatorListSchema, undefined, signal),
};

export const customerQuery = (id: number) => ({
  queryKey: ['backoffice', 'customers', 'detail', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => boGet(CUSTOMERS_ADMIN_PATHS.customer(id), CustomerDetailSchema, undefined, signal),
});

export const deskApi = {
  claim: (id: number) => boSend('POST', SUPPORT_DESK_PATHS.claim(id), {}, DeskConversationSchema),
  text: (id: number, text: string) => boSend('POST', SUPPORT_DESK_PATHS.messages(id), { text }, SupportMessageSchema),
  image: (id: number, data: string) => boSend('POST', SUPPORT_DESK_PATHS.images(id), { data }, SupportMessageSchema),
  transfer: (id: number, operatorId: number, reason?: string) =>
    boSend('POST', SUPPORT_DESK_PATHS.transfer(id), { operatorId, ...(reason ? { reason } : {}) }, DeskConversationSchema),
  close: (id: number) => boSend('POST', SUPPORT_DESK_PATHS.close(id), {}, DeskConversationSchema),
  read: (id: number, lastReadId: number) => boSend('POST', SUPPORT_DESK_PATHS.read(id), { lastReadId }, DeskConversationSchema),
  typing: (id: number) => boSend('POST', SUPPORT_DESK_PATHS.typing(id), {}, z.object({})),
};

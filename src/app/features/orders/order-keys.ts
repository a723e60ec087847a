// Query keys only, so the live-event code in the first bundle can invalidate orders and issues
// without loading their schemas.
import { USER_QUERY_PREFIX } from '../session/session-queries.ts';

export const ORDERS_QUERY_KEY = [USER_QUERY_PREFIX, 'orders'] as const;

export const orderDetailQueryKey = (orderId: string) => [...ORDERS_QUERY_KEY, 'detail', orderId] as const;

export const drawnIssueQueryKey = (drawType: string, issueNumber: string) => ['draws', 'issue', drawType, issueNumber] as const;

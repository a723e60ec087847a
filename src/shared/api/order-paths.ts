// The orders API's paths and statuses, apart from its schemas: the order list's route reads them to
// validate its search, and the schemas need not load on the first page for that.
export const ORDERS_PATHS = {
  orders: '/ajax/orders',
  order: (orderId: string) => `/ajax/orders/${encodeURIComponent(orderId)}`,
  cancel: (orderId: string) => `/ajax/orders/${encodeURIComponent(orderId)}/cancel`,
} as const;

export const ORDER_STATUSES_OF_BETS = ['PENDING', 'WON', 'LOST', 'CUSTOMER_CANCELED', 'SYSTEM_CANCELED'] as const;

// The tabs of /account/transaction/{tab} (spec §2.1), on their own: the route checks them before its
// page loads, so this must not pull the page into the first route.
export type TransactionTab = 'main-wallet' | 'third-party';

export const isTransactionTab = (tab: string): tab is TransactionTab => tab === 'main-wallet' || tab === 'third-party';

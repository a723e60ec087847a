// Placeholder: issue 17, statements (helper H5 replaces this file).
export type TransactionTab = 'main-wallet' | 'third-party';
export const isTransactionTab = (tab: string): tab is TransactionTab => tab === 'main-wallet' || tab === 'third-party';

export function TransactionsOverlay({ tab }: { tab: TransactionTab }) {
  return <div data-testid="transactions-page">交易记录 {tab}</div>;
}

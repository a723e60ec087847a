// Placeholder: issue 17, deposits (helper H2 replaces this file).
export function DepositHistoryPage() {
  return <div data-testid="deposit-history-page">充值记录</div>;
}

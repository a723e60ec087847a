// Placeholder: issue 17, withdrawals (helper H4 replaces this file).
export function WithdrawalHistoryPage() {
  return <div data-testid="withdrawal-history-page">提现记录</div>;
}

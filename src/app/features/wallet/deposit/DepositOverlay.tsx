// Placeholder: issue 17, deposits (helper H2 replaces this file).
export function DepositOverlay() {
  return <div data-testid="deposit-page">充值</div>;
}

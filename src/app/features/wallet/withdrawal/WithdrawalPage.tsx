// Placeholder: issue 17, withdrawals (helper H4 replaces this file).
import { WITHDRAWAL_TABS, type WithdrawalTab } from '../../../../shared/api/withdrawals.ts';

export const isWithdrawalTab = (tab: string): tab is WithdrawalTab => Object.hasOwn(WITHDRAWAL_TABS, tab);

export function WithdrawalPage({ tab }: { tab: WithdrawalTab }) {
  return <div data-testid="withdrawal-page">提现 {tab}</div>;
}

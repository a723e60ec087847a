import { createFileRoute } from '@tanstack/react-router';
import { WithdrawalHistoryPage } from '../../../../features/wallet/withdrawal/WithdrawalHistoryPage.tsx';

export const Route = createFileRoute('/_loggedIn/_nonTrial/wallet/withdrawal-history')({
  component: WithdrawalHistoryPage,
});

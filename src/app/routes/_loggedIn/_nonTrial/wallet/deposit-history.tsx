import { createFileRoute } from '@tanstack/react-router';
import { DepositHistoryPage } from '../../../../features/wallet/deposit/DepositHistoryPage.tsx';

export const Route = createFileRoute('/_loggedIn/_nonTrial/wallet/deposit-history')({
  component: DepositHistoryPage,
});

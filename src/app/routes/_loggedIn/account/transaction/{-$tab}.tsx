import { createFileRoute, notFound } from '@tanstack/react-router';
import { TransactionsOverlay } from '../../../../features/wallet/statement/TransactionsOverlay.tsx';
import { isTransactionTab } from '../../../../features/wallet/statement/transaction-tabs.ts';

// Overlay, logged-in (spec §2.1); tab main-wallet (default) or third-party.
export const Route = createFileRoute('/_loggedIn/account/transaction/{-$tab}')({
  staticData: { overlay: true },
  beforeLoad: ({ params }) => {
    if (params.tab !== undefined && !isTransactionTab(params.tab)) throw notFound();
  },
  component: TransactionsRoute,
});

function TransactionsRoute() {
  const { tab } = Route.useParams();
  return <TransactionsOverlay tab={tab === 'third-party' ? 'third-party' : 'main-wallet'} />;
}

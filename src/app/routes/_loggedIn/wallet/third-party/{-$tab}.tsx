import { createFileRoute, notFound } from '@tanstack/react-router';
import { isTransferTab } from '../../../../features/third-party/third-party-tabs.ts';
import { TransferPage } from '../../../../features/third-party/transfer/TransferPage.tsx';

// Logged-in (spec §2.1; a trial account sees it and gets the trial modal on money actions, spec §6);
// the tab is a provider code (chosen in the form; a provider's game returns here), any other is not found.
export const Route = createFileRoute('/_loggedIn/wallet/third-party/{-$tab}')({
  beforeLoad: ({ params }) => {
    if (params.tab !== undefined && !isTransferTab(params.tab)) throw notFound();
  },
  component: TransferRoute,
});

function TransferRoute() {
  const { tab } = Route.useParams();
  return <TransferPage provider={tab !== undefined && isTransferTab(tab) ? tab : null} />;
}

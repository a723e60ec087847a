import { createFileRoute, notFound } from '@tanstack/react-router';
import { AutobetListOverlay } from '../../../../../features/autobet/AutobetListOverlay.tsx';
import { validateAutobetListSearch } from '../../../../../features/autobet/autobet-list-search.ts';
import { isAutobetTab } from '../../../../../features/autobet/autobet-tabs.ts';

// Overlay, non-trial (spec §2.1); tab lottery (default) or dice, any other tab is not found.
export const Route = createFileRoute('/_loggedIn/_nonTrial/account/autobet/{-$tab}')({
  staticData: { overlay: true },
  validateSearch: validateAutobetListSearch,
  beforeLoad: ({ params }) => {
    if (params.tab !== undefined && !isAutobetTab(params.tab)) throw notFound();
  },
  component: AutobetListRoute,
});

function AutobetListRoute() {
  const { tab } = Route.useParams();
  const { page } = Route.useSearch();
  return <AutobetListOverlay tab={tab === 'dice' ? 'dice' : 'lottery'} page={page ?? 1} />;
}

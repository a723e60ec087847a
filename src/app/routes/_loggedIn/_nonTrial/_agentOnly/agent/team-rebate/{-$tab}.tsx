import { createFileRoute, notFound } from '@tanstack/react-router';
import { TeamRebatePage } from '../../../../../../features/agent/commission/TeamRebatePage.tsx';

const TABS = ['rebate', 'bonus'] as const;
const isTab = (tab: string): tab is (typeof TABS)[number] => (TABS as readonly string[]).includes(tab);

// Overlay, agent-only (spec §2.1): tab rebate (default) or bonus, any other tab is not found.
export const Route = createFileRoute('/_loggedIn/_nonTrial/_agentOnly/agent/team-rebate/{-$tab}')({
  staticData: { overlay: true },
  beforeLoad: ({ params }) => {
    if (params.tab !== undefined && !isTab(params.tab)) throw notFound();
  },
  component: TeamRebateRoute,
});

function TeamRebateRoute() {
  const { tab } = Route.useParams();
  return <TeamRebatePage tab={tab === 'bonus' ? 'bonus' : 'rebate'} />;
}

import { createFileRoute, notFound } from '@tanstack/react-router';
import { CampaignPage } from '../../features/campaigns/CampaignPage.tsx';
import { tabOfSegment } from '../../features/campaigns/campaign-tabs.ts';

// Spec §2.1 /campaign/{tab}: the tab is a campaign display category (new-member, deposit, …); an unknown one is not found.
export const Route = createFileRoute('/campaign/{-$tab}')({
  beforeLoad: ({ params }) => {
    if (tabOfSegment(params.tab) === null) throw notFound();
  },
  component: CampaignRoute,
});

function CampaignRoute() {
  const { tab } = Route.useParams();
  return <CampaignPage tab={tabOfSegment(tab) ?? 'ALL'} />;
}

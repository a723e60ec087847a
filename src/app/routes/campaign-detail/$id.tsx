import { createFileRoute } from '@tanstack/react-router';
import { CampaignDetailOverlay } from '../../features/campaigns/CampaignDetailOverlay.tsx';

// Overlay (spec §2.1 /campaign-detail/{id}).
export const Route = createFileRoute('/campaign-detail/$id')({
  staticData: { overlay: true },
  component: CampaignDetailRoute,
});

function CampaignDetailRoute() {
  const { id } = Route.useParams();
  return <CampaignDetailOverlay id={id} />;
}

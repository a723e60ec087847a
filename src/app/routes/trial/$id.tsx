import { createFileRoute } from '@tanstack/react-router';
import { TrialEntryPage } from '../../features/accounts/trial/TrialEntryPage.tsx';

export const Route = createFileRoute('/trial/$id')({
  validateSearch: (search: Record<string, unknown>): { referral?: string } =>
    typeof search.referral === 'string' && search.referral.length <= 64 ? { referral: search.referral } : {},
  component: TrialRoute,
});

function TrialRoute() {
  const { id } = Route.useParams();
  const { referral } = Route.useSearch();
  return <TrialEntryPage registrationId={id} referral={referral} />;
}

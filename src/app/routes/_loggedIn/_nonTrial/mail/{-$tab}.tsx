import { createFileRoute, notFound } from '@tanstack/react-router';
import { MailOverlay } from '../../../../features/mail/MailOverlay.tsx';

// Overlay, logged-in, hidden from trial users (spec §2.1 /mail/{tab}); tab received (default) or sent.
export const Route = createFileRoute('/_loggedIn/_nonTrial/mail/{-$tab}')({
  staticData: { overlay: true },
  beforeLoad: ({ params }) => {
    if (params.tab !== undefined && params.tab !== 'received' && params.tab !== 'sent') throw notFound();
  },
  component: MailRoute,
});

function MailRoute() {
  const { tab } = Route.useParams();
  return <MailOverlay tab={tab} />;
}

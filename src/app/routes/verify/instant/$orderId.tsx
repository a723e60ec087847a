import { createFileRoute, notFound } from '@tanstack/react-router';
import { InstantVerifyPage } from '../../../features/fairness/InstantVerifyPage.tsx';

// Public, not in the spec's route table: the provably-fair check of one instant (秒开) order (docs/pwa.md).
export const Route = createFileRoute('/verify/instant/$orderId')({
  beforeLoad: ({ params }) => {
    if (!/^\d{1,15}$/.test(params.orderId)) throw notFound();
  },
  component: InstantVerifyRoute,
});

function InstantVerifyRoute() {
  const { orderId } = Route.useParams();
  return <InstantVerifyPage orderId={orderId} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { RedPacketVerifyPage } from '../../../features/red-packets/RedPacketVerifyPage.tsx';

// Public: the provably-fair check of one red packet's split (issue 22 item 2).
export const Route = createFileRoute('/verify/red-packet/$id')({
  component: RedPacketVerifyRoute,
});

function RedPacketVerifyRoute() {
  const { id } = Route.useParams();
  return <RedPacketVerifyPage id={id} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { JackpotVerifyPage } from '../../../features/jackpot/JackpotVerifyPage.tsx';

// Public: the provably-fair check of one jackpot draw (issue 22 item 3).
export const Route = createFileRoute('/verify/jackpot/$id')({
  component: JackpotVerifyRoute,
});

function JackpotVerifyRoute() {
  const { id } = Route.useParams();
  return <JackpotVerifyPage id={id} />;
}

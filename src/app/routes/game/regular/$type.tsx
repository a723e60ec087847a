import { createFileRoute, notFound } from '@tanstack/react-router';
import { servesRegular } from '../../../features/games/game-routes.ts';
import { RegularGamePage } from '../../../features/games/regular/RegularGamePage.tsx';

export const Route = createFileRoute('/game/regular/$type')({
  beforeLoad: ({ params }) => {
    if (!servesRegular(params.type)) throw notFound();
  },
  component: RegularGameRoute,
});

function RegularGameRoute() {
  const { type } = Route.useParams();
  // Keyed by draw type: switching games starts from that game's own picks.
  return <RegularGamePage key={type} drawType={type} />;
}

import { createFileRoute, notFound } from '@tanstack/react-router';
import { DiceGamePage } from '../../../features/games/dice/DiceGamePage.tsx';
import { servesDice } from '../../../features/games/game-routes.ts';

export const Route = createFileRoute('/game/dice/$type')({
  beforeLoad: ({ params }) => {
    if (!servesDice(params.type)) throw notFound();
  },
  component: DiceGameRoute,
});

function DiceGameRoute() {
  const { type } = Route.useParams();
  return <DiceGamePage key={type} drawType={type} />;
}

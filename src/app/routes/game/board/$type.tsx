import { createFileRoute, notFound } from '@tanstack/react-router';
import { BoardGamePage } from '../../../features/games/board/BoardGamePage.tsx';
import { servesBoard } from '../../../features/games/game-routes.ts';

export const Route = createFileRoute('/game/board/$type')({
  beforeLoad: ({ params }) => {
    if (!servesBoard(params.type)) throw notFound();
  },
  component: BoardGameRoute,
});

function BoardGameRoute() {
  const { type } = Route.useParams();
  return <BoardGamePage key={type} drawType={type} />;
}

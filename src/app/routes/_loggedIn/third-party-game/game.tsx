import { createFileRoute } from '@tanstack/react-router';
import { LaunchPage } from '../../../features/third-party/launch/LaunchPage.tsx';

type LaunchSearch = { gameProvider?: string; gameCatalog?: string; gameRoom?: string; gameId?: string };

// The router reads `gameRoom=1` as the number 1: a room or game id is text either way.
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;

// Spec §7: a third-party game opens in a new tab here; anonymous visitors get the login modal (the
// logged-in tier). The page checks the values itself and says what is wrong.
export const Route = createFileRoute('/_loggedIn/third-party-game/game')({
  validateSearch: (search: Record<string, unknown>): LaunchSearch => {
    const result: LaunchSearch = {};
    for (const key of ['gameProvider', 'gameCatalog', 'gameRoom', 'gameId'] as const) {
      const value = text(search[key]);
      if (value !== undefined) result[key] = value;
    }
    return result;
  },
  component: LaunchRoute,
});

function LaunchRoute() {
  const search = Route.useSearch();
  return <LaunchPage search={search} />;
}

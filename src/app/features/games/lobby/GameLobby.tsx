import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useState } from 'react';
import { useCapabilities } from '../../../capabilities/capabilities.tsx';
import { useDeviceKind } from '../../../lib/device.ts';
import { usePreference } from '../../../lib/preferences/use-preference.ts';
import { useFavorites, type Favorites } from '../../favorites/use-favorites.ts';
import { useCurrentCustomer } from '../../session/use-current-customer.ts';
import type { EnabledGames } from '../../../../shared/api/games.ts';
import { enabledGamesQueryOptions } from '../games-queries.ts';
import { lobbyCurrentDrawQueryOptions } from './current-draw-batch.ts';
import { GameCard, type CardFavorite } from './GameCard.tsx';
import { LatestResultsFeed } from './latest-results-feed.tsx';
import { buildLobby, favoriteLobbyGames, firstScreenDrawTypes, recentLobbyGames, type LobbyGame } from './lobby-model.ts';
import './lobby.css';

const ALL = 'ALL';

function cardFavorite(favorites: Favorites, drawType: string): CardFavorite | undefined {
  if (!favorites.available) return undefined;
  return { pressed: favorites.isFavorite(drawType), onToggle: () => favorites.toggle(drawType), blockedReason: favorites.blockedReason };
}

/** A player's own list above the categories (我的收藏, 最近玩过); nothing when it is empty. */
function PersonalGames({ id, title, games, favorites }: { id: string; title: string; games: readonly LobbyGame[]; favorites: Favorites }) {
  if (games.length === 0) return null;
  return (
    <section aria-labelledby={`lobby-${id}`}>
      <Title order={2} size="h4" id={`lobby-${id}`} mb="xs">
        {title}
      </Title>
      <div className="jl-lobby-grid" data-testid={`lobby-${id}`}>
        {games.map((game) => (
          <GameCard key={game.info.code} game={game} favorite={cardFavorite(favorites, game.info.code)} />
        ))}
      </div>
    </section>
  );
}

/**
 * Asks for the first screen's issues (one request) as soon as the lobby's games are known, while the
 * cards render in the background: nothing waits for it. Issues fetched in the last seconds, or kept
 * from the last visit and still fresh, are not asked for again.
 */
function usePrefetchFirstScreen(drawTypes: readonly string[]): void {
  const queryClient = useQueryClient();
  const key = drawTypes.join(',');
  useEffect(() => {
    for (const code of key.split(',').filter(Boolean)) void queryClient.prefetchQuery(lobbyCurrentDrawQueryOptions(code));
  }, [key, queryClient]);
}

/**
 * The lobby's own games: a player's favourites (我的收藏) and recent ones, then every category
 * (filterable), each card with its next closing time and an entry per play mode offered on this kind
 * of device. Players who may keep favourites (spec §6: not trial) get a star on each card.
 */
export function GameLobby() {
  // The grid is the page's heaviest part: deferring it lets the shell and the lobby's heading paint
  // first, then renders the cards in a background pass that yields to the browser.
  const latestConfig = useQuery(enabledGamesQueryOptions()).data;
  const config = useDeferredValue(latestConfig, null);
  const capabilities = useCapabilities();
  const device = useDeviceKind();
  const customer = useCurrentCustomer();
  const [recentDrawTypes] = usePreference('recentDrawTypes');
  const [filter, setFilter] = useState(ALL);
  const favorites = useFavorites();
  const pages = {
    regular: capabilities.route('/game/regular/$type'),
    board: capabilities.route('/game/board/$type'),
    dice: capabilities.route('/game/dice/$type'),
  };
  // The lobby in its order (favourites, recent, categories) for the games known now; the cards render
  // it from the deferred configuration.
  const lobbyOf = (games: EnabledGames) => ({
    favorites: favoriteLobbyGames(favorites.drawTypes, games, device, pages),
    recent: customer ? recentLobbyGames(recentDrawTypes, games, device, pages) : [],
    sections: buildLobby(games, device, pages),
  });
  const known = latestConfig ? lobbyOf(latestConfig) : null;
  usePrefetchFirstScreen(known ? firstScreenDrawTypes([known.favorites, known.recent, ...known.sections.map((s) => s.games)]) : []);
  // Until the deferred pass lands, hold the grid's place so the footer does not jump when it does.
  if (!config) return latestConfig ? <div className="jl-lobby-pending" /> : null;
  const { favorites: favoriteGames, recent, sections } = config === latestConfig ? known! : lobbyOf(config);
  if (sections.length === 0) return null;
  const shown = filter === ALL ? sections : sections.filter((s) => s.key === filter);
  return (
    <Stack gap="md" data-testid="game-lobby">
      <LatestResultsFeed />
      <PersonalGames id="favorites" title="我的收藏" games={favoriteGames} favorites={favorites} />
      <PersonalGames id="recent" title="最近玩过" games={recent} favorites={favorites} />
      <Title order={2} size="h4">
        游戏大厅
      </Title>
      <div role="group" aria-label="游戏分类" className="jl-lobby-filter">
        {[{ key: ALL, name: '全部' }, ...sections].map((s) => (
          <Button key={s.key} size="compact-sm" variant={filter === s.key ? 'filled' : 'default'} aria-pressed={filter === s.key} onClick={() => setFilter(s.key)}>
            {s.name}
          </Button>
        ))}
      </div>
      {shown.map((section) => (
        <section key={section.key} className="jl-lobby-section" aria-labelledby={`lobby-${section.key}`} data-testid="lobby-section" data-category={section.key}>
          <Text id={`lobby-${section.key}`} fw={700} mb={6}>
            {section.name}
          </Text>
          <div className="jl-lobby-grid">
            {section.games.map((game) => (
              <GameCard key={game.info.code} game={game} favorite={cardFavorite(favorites, game.info.code)} />
            ))}
          </div>
        </section>
      ))}
    </Stack>
  );
}

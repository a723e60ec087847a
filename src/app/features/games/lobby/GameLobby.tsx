import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useCapabilities } from '../../../capabilities/capabilities.tsx';
import { useDeviceKind } from '../../../lib/device.ts';
import { usePreference } from '../../../lib/preferences/use-preference.ts';
import { useFavorites, type Favorites } from '../../favorites/use-favorites.ts';
import { useCurrentCustomer } from '../../session/use-current-customer.ts';
import { enabledGamesQueryOptions } from '../games-queries.ts';
import { GameCard, type CardFavorite } from './GameCard.tsx';
import { buildLobby, favoriteLobbyGames, recentLobbyGames, type LobbyGame } from './lobby-model.ts';
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
  // Until the deferred pass lands, hold the grid's place so the footer does not jump when it does.
  if (!config) return latestConfig ? <div className="jl-lobby-pending" /> : null;
  const pages = {
    regular: capabilities.route('/game/regular/$type'),
    board: capabilities.route('/game/board/$type'),
    dice: capabilities.route('/game/dice/$type'),
  };
  const sections = buildLobby(config, device, pages);
  if (sections.length === 0) return null;
  const recent = customer ? recentLobbyGames(recentDrawTypes, config, device, pages) : [];
  const favoriteGames = favoriteLobbyGames(favorites.drawTypes, config, device, pages);
  const shown = filter === ALL ? sections : sections.filter((s) => s.key === filter);
  return (
    <Stack gap="md" data-testid="game-lobby">
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

import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react';
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
import { useLobbyLinkHandlers } from './lobby-links.ts';
import {
  buildLobby,
  favoriteLobbyGames,
  FIRST_SCREEN_CARDS,
  firstScreenDrawTypes,
  recentLobbyGames,
  type LobbyGame,
  type LobbySection,
} from './lobby-model.ts';
import { useStepwiseCount } from './stepwise.ts';
import './lobby.css';

const ALL = 'ALL';

function cardFavorite(favorites: Favorites, drawType: string): CardFavorite | undefined {
  if (!favorites.available) return undefined;
  return { pressed: favorites.isFavorite(drawType), onToggle: () => favorites.toggle(drawType), blockedReason: favorites.blockedReason };
}

/** The first `count` of a group's cards: the rest come in later steps (stepwise.ts). */
function Cards({ games, count, favorites }: { games: readonly LobbyGame[]; count: number; favorites: Favorites }) {
  return games.slice(0, Math.max(0, count)).map((game) => <GameCard key={game.info.code} game={game} favorite={cardFavorite(favorites, game.info.code)} />);
}

// The lobby renders again at every step of its cards (stepwise.ts). Its parts are memoised so that a
// step renders only the group that gained cards and those cards: rendering the category buttons and
// every heading again at each of a dozen steps was most of the lobby's render work on a phone.

/** A player's own list above the categories (我的收藏, 最近玩过); nothing when it is empty. */
const PersonalGames = memo(function PersonalGames({
  id,
  title,
  games,
  count,
  favorites,
}: {
  id: string;
  title: string;
  games: readonly LobbyGame[];
  count: number;
  favorites: Favorites;
}) {
  if (games.length === 0) return null;
  return (
    <section aria-labelledby={`lobby-${id}`}>
      <Title order={2} size="h4" id={`lobby-${id}`} mb="xs">
        {title}
      </Title>
      <div className="jl-lobby-grid" data-testid={`lobby-${id}`}>
        <Cards games={games} count={count} favorites={favorites} />
      </div>
    </section>
  );
});

/** The category filter (全部 and one button per category). */
const LobbyFilter = memo(function LobbyFilter({
  sections,
  filter,
  onFilter,
}: {
  sections: readonly LobbySection[];
  filter: string;
  onFilter: (key: string) => void;
}) {
  return (
    <div role="group" aria-label="游戏分类" className="jl-lobby-filter">
      {[{ key: ALL, name: '全部' }, ...sections].map((s) => (
        <Button key={s.key} size="compact-sm" variant={filter === s.key ? 'filled' : 'default'} aria-pressed={filter === s.key} onClick={() => onFilter(s.key)}>
          {s.name}
        </Button>
      ))}
    </div>
  );
});

/** One category's heading and the first `count` of its cards. */
const CategorySection = memo(function CategorySection({ section, count, favorites }: { section: LobbySection; count: number; favorites: Favorites }) {
  return (
    <section className="jl-lobby-section" aria-labelledby={`lobby-${section.key}`} data-testid="lobby-section" data-category={section.key}>
      <Text id={`lobby-${section.key}`} fw={700} mb={6}>
        {section.name}
      </Text>
      <div className="jl-lobby-grid">
        <Cards games={section.games} count={count} favorites={favorites} />
      </div>
    </section>
  );
});

// Elements without props that change: the same element at each render is not rendered again.
const LOBBY_TITLE = (
  <Title order={2} size="h4">
    游戏大厅
  </Title>
);
const RESULTS_FEED = <LatestResultsFeed />;

/** Cards a phone renders before the rest: its first screen and a little more. */
const PHONE_FIRST_CARDS = 6;

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
export function GameLobby({ onAllShown }: { onAllShown?: () => void } = {}) {
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
  const linkHandlers = useLobbyLinkHandlers();
  const regular = capabilities.route('/game/regular/$type');
  const board = capabilities.route('/game/board/$type');
  const dice = capabilities.route('/game/dice/$type');
  // The lobby in its order (favourites, recent, categories) for the games known now, kept between
  // renders so that a card already rendered is not rendered again; the cards render it from the
  // deferred configuration.
  const lobbyOf = useMemo(() => {
    const pages = { regular, board, dice };
    const byConfig = new WeakMap<EnabledGames, ReturnType<typeof build>>();
    const build = (games: EnabledGames) => ({
      favorites: favoriteLobbyGames(favorites.drawTypes, games, device, pages),
      recent: customer ? recentLobbyGames(recentDrawTypes, games, device, pages) : [],
      sections: buildLobby(games, device, pages),
    });
    return (games: EnabledGames) => {
      let lobby = byConfig.get(games);
      if (!lobby) byConfig.set(games, (lobby = build(games)));
      return lobby;
    };
  }, [favorites.drawTypes, device, customer, recentDrawTypes, regular, board, dice]);
  const known = latestConfig ? lobbyOf(latestConfig) : null;
  usePrefetchFirstScreen(known ? firstScreenDrawTypes([known.favorites, known.recent, ...known.sections.map((s) => s.games)]) : []);
  const lobby = config ? lobbyOf(config) : null;
  const shown = !lobby ? [] : filter === ALL ? lobby.sections : lobby.sections.filter((s) => s.key === filter);
  const total = lobby ? lobby.favorites.length + lobby.recent.length + shown.reduce((n, s) => n + s.games.length, 0) : 0;
  const rendered = useStepwiseCount(total, device === 'MOBILE' ? PHONE_FIRST_CARDS : FIRST_SCREEN_CARDS);
  const allShown = lobby !== null && rendered >= total;
  useEffect(() => {
    if (allShown) onAllShown?.();
  }, [allShown, onAllShown]);
  // Until the deferred pass lands, hold the grid's place so the footer does not jump when it does.
  if (!lobby) return latestConfig ? <div className="jl-lobby-pending" /> : null;
  const { favorites: favoriteGames, recent, sections } = lobby;
  if (sections.length === 0) return null;
  // Each group's share of the cards rendered so far, in the page's order.
  let left = rendered;
  const take = (games: readonly LobbyGame[]) => {
    const count = Math.min(left, games.length);
    left -= count;
    return count;
  };
  return (
    <Stack gap="md" data-testid="game-lobby" data-complete={rendered >= total || undefined} {...linkHandlers}>
      {RESULTS_FEED}
      <PersonalGames id="favorites" title="我的收藏" games={favoriteGames} count={take(favoriteGames)} favorites={favorites} />
      <PersonalGames id="recent" title="最近玩过" games={recent} count={take(recent)} favorites={favorites} />
      {LOBBY_TITLE}
      <LobbyFilter sections={sections} filter={filter} onFilter={setFilter} />
      {shown.map((section) => (
        <CategorySection key={section.key} section={section} count={take(section.games)} favorites={favorites} />
      ))}
      {rendered < total && <div className="jl-lobby-pending" />}
    </Stack>
  );
}

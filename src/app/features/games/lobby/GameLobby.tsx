import { Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCapabilities } from '../../../capabilities/capabilities.tsx';
import { useDeviceKind } from '../../../lib/device.ts';
import { usePreference } from '../../../lib/preferences/use-preference.ts';
import { useCurrentCustomer } from '../../session/use-current-customer.ts';
import { enabledGamesQueryOptions } from '../games-queries.ts';
import { GameCard } from './GameCard.tsx';
import { buildLobby, recentLobbyGames } from './lobby-model.ts';
import './lobby.css';

const ALL = 'ALL';

/**
 * The lobby's own games: recent ones for a logged-in player, then every category (filterable), each
 * card with its next closing time and an entry per play mode offered on this kind of device.
 */
export function GameLobby() {
  const config = useQuery(enabledGamesQueryOptions()).data;
  const capabilities = useCapabilities();
  const device = useDeviceKind();
  const customer = useCurrentCustomer();
  const [recentDrawTypes] = usePreference('recentDrawTypes');
  const [filter, setFilter] = useState(ALL);
  if (!config) return null;
  const pages = {
    regular: capabilities.route('/game/regular/$type'),
    board: capabilities.route('/game/board/$type'),
    dice: capabilities.route('/game/dice/$type'),
  };
  const sections = buildLobby(config, device, pages);
  if (sections.length === 0) return null;
  const recent = customer ? recentLobbyGames(recentDrawTypes, config, device, pages) : [];
  const shown = filter === ALL ? sections : sections.filter((s) => s.key === filter);
  return (
    <Stack gap="md" data-testid="game-lobby">
      {recent.length > 0 && (
        <section aria-labelledby="lobby-recent">
          <Title order={2} size="h4" id="lobby-recent" mb="xs">
            最近玩过
          </Title>
          <div className="jl-lobby-grid" data-testid="lobby-recent">
            {recent.map((game) => (
              <GameCard key={game.info.code} game={game} />
            ))}
          </div>
        </section>
      )}
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
        <section key={section.key} aria-labelledby={`lobby-${section.key}`} data-testid="lobby-section" data-category={section.key}>
          <Text id={`lobby-${section.key}`} fw={700} mb={6}>
            {section.name}
          </Text>
          <div className="jl-lobby-grid">
            {section.games.map((game) => (
              <GameCard key={game.info.code} game={game} />
            ))}
          </div>
        </section>
      ))}
    </Stack>
  );
}

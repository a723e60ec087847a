import { Button, Card, Group, Text } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { asRouteHref } from '../../../capabilities/capabilities.tsx';
import { Countdown } from '../../../components/draw/Countdown.tsx';
import { useServerClockValue } from '../../../components/draw/server-clock.ts';
import { FavoriteStar, type FavoriteStarProps } from '../../favorites/FavoriteStar.tsx';
import { CLOSED_MESSAGES } from '../common/availability.ts';
import { currentDrawQueryOptions } from '../draws/draw-queries.ts';
import { issuePhase } from '../draws/use-draw-issue.ts';
import type { LobbyGame } from './lobby-model.ts';

/** The next closing of a periodic game, fetched only while its card is on screen. */
function NextDraw({ drawType, visible }: { drawType: string; visible: boolean }) {
  const { data } = useQuery({ ...currentDrawQueryOptions(drawType), enabled: visible });
  const issue = data?.current ?? null;
  const phase = useServerClockValue((second) => issuePhase(issue, second));
  if (!data) return <Text size="sm" c="dimmed">…</Text>;
  if (!issue || phase === 'none') return <Text size="sm" c="dimmed">暂无在售期号</Text>;
  if (phase === 'closed') return <Text size="sm" c="dimmed">已封盘</Text>;
  const opening = phase === 'upcoming';
  return (
    <Text size="sm" c="dimmed">
      {opening ? '距开售 ' : '距封盘 '}
      <Countdown to={opening ? issue.opensAt : issue.closesAt} label={`${opening ? '距开售' : '距封盘'}`} />
    </Text>
  );
}

/** The card's star, for players who may keep favourites; without it the card has none. */
export type CardFavorite = Omit<FavoriteStarProps, 'gameName'>;

export function GameCard({ game, favorite }: { game: LobbyGame; favorite?: CardFavorite | undefined }) {
  const { ref, inViewport } = useInViewport();
  const { info } = game;
  return (
    <Card withBorder padding="sm" className="jl-game-card" ref={ref} data-testid="lobby-game" data-draw-type={info.code}>
      <div className="jl-card-title">
        <Text fw={700}>{info.shortName ?? info.name}</Text>
        {favorite && <FavoriteStar gameName={info.name} {...favorite} />}
      </div>
      <div className="jl-card-countdown">
        {game.closed ? (
          <Text size="sm" className="jl-warning">
            {CLOSED_MESSAGES[info.product]}
          </Text>
        ) : info.instant ? (
          <Text size="sm" c="dimmed">
            秒开 · 投注即开奖
          </Text>
        ) : (
          <NextDraw drawType={info.code} visible={inViewport} />
        )}
      </div>
      {game.links.length > 0 && (
        <Group gap={6} mt="auto">
          {game.links.map((link) => (
            <Button
              key={link.mode}
              size="compact-sm"
              variant={link.mode === 'BOARD' && info.product !== 'DICE' ? 'light' : 'filled'}
              component={Link}
              to={asRouteHref(link.href)}
              aria-label={`${info.name} ${link.label}`}
            >
              {link.label}
            </Button>
          ))}
        </Group>
      )}
    </Card>
  );
}

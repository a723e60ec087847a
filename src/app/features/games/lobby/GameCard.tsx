import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { Countdown } from '../../../components/draw/Countdown.tsx';
import { useServerClockValue } from '../../../components/draw/server-clock.ts';
import { FavoriteStar, type FavoriteStarProps } from '../../favorites/FavoriteStar.tsx';
// With the first route (2.5 KiB), not loaded when the first result arrives: the late chunk's
// stylesheet made the browser restyle the whole lobby in one long task on a phone.
import CardResult from '../../results/CardResult.tsx';
import { CLOSED_MESSAGES, SIMULATED_DRAW_HINT, SIMULATED_DRAW_LABEL } from '../common/availability.ts';
import { issuePhase } from '../draws/use-draw-issue.ts';
import { useCardInViewport } from './card-viewport.ts';
import { lobbyCurrentDrawQueryOptions } from './current-draw-batch.ts';
import { useLatestResult } from './latest-results-feed.tsx';
import { LOBBY_NAV } from './lobby-links.ts';
import type { LobbyGame } from './lobby-model.ts';

/**
 * The next closing of a periodic game, fetched (with the other cards in view) only while its card is
 * on screen; a returning visitor's last known issue shows at once.
 */
function NextDraw({ drawType, visible }: { drawType: string; visible: boolean }) {
  const { data } = useQuery({ ...lobbyCurrentDrawQueryOptions(drawType), enabled: visible });
  const issue = data?.current ?? null;
  const phase = useServerClockValue((second) => issuePhase(issue, second));
  if (!data) return <p className="jl-card-note">…</p>;
  if (!issue || phase === 'none') return <p className="jl-card-note">暂无在售期号</p>;
  if (phase === 'closed') return <p className="jl-card-note">已封盘</p>;
  const opening = phase === 'upcoming';
  return (
    <p className="jl-card-note">
      {opening ? '距开售 ' : '距封盘 '}
      <Countdown to={opening ? issue.opensAt : issue.closesAt} label={`${opening ? '距开售' : '距封盘'}`} />
    </p>
  );
}

/**
 * A card that has never been on screen and whose issue is not known yet shows no issue and observes
 * nothing (no query, no clock): most of the lobby's cards on a phone's first load.
 */
function useIssueShown(drawType: string, inViewport: boolean): boolean {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(() => inViewport || queryClient.getQueryData(lobbyCurrentDrawQueryOptions(drawType).queryKey) !== undefined);
  if (inViewport && !shown) setShown(true);
  return shown;
}


/**
 * The last result, from the one request that serves every card and the 开奖 page; its slot keeps its
 * height while empty, so the result arriving moves nothing. It opens the game's 开奖 history.
 */
function LastResult({ drawType, name }: { drawType: string; name: string }) {
  const latest = useLatestResult(drawType);
  return (
    <a className="jl-card-result" href={`/draw-results/${encodeURIComponent(drawType)}`} {...LOBBY_NAV} aria-label={`${name} 开奖历史`} data-testid="lobby-last-result">
      {latest && <CardResult latest={latest} />}
    </a>
  );
}

/** The card's star, for players who may keep favourites; without it the card has none. */
export type CardFavorite = Omit<FavoriteStarProps, 'gameName'>;

/**
 * One game of the lobby. The lobby renders sixty-odd of these on a phone's first load, so the card is
 * plain markup styled by lobby.css (its links are anchors the lobby navigates with, lobby-links.ts);
 * only the star is a Mantine component. It renders again only when its game or star changes.
 */
export const GameCard = memo(function GameCard({ game, favorite }: { game: LobbyGame; favorite?: CardFavorite | undefined }) {
  const { ref, inViewport } = useCardInViewport<HTMLDivElement>();
  const { info } = game;
  const issueShown = useIssueShown(info.code, inViewport);
  return (
    <div className="jl-game-card" ref={ref} data-testid="lobby-game" data-draw-type={info.code}>
      <div className="jl-card-title">
        <p className="jl-card-name">{info.shortName ?? info.name}</p>
        {favorite && <FavoriteStar gameName={info.name} {...favorite} />}
      </div>
      <div className="jl-card-countdown">
        {game.simulated && !game.closed && (
          <span className="jl-card-tag" title={SIMULATED_DRAW_HINT} data-testid="simulated-draw">
            {SIMULATED_DRAW_LABEL}
          </span>
        )}
        {game.closed ? (
          <p className="jl-card-note jl-warning">{CLOSED_MESSAGES[info.product]}</p>
        ) : info.instant ? (
          <p className="jl-card-note">秒开 · 投注即开奖</p>
        ) : issueShown ? (
          <NextDraw drawType={info.code} visible={inViewport} />
        ) : (
          <p className="jl-card-note">…</p>
        )}
      </div>
      {info.instant || game.closed ? <div className="jl-card-result" /> : <LastResult drawType={info.code} name={info.name} />}
      {game.links.length > 0 && (
        <div className="jl-card-links">
          {game.links.map((link) => (
            <a
              key={link.mode}
              className="jl-card-link"
              data-variant={link.mode === 'BOARD' && info.product !== 'DICE' ? 'light' : 'filled'}
              href={link.href}
              {...LOBBY_NAV}
              aria-label={`${info.name} ${link.label}`}
            >
              {link.label}
            </a>
          ))}
        </div>
      )}
    </div>
  );
}, sameCard);

/**
 * A star's toggle is a new function on every lobby render, but for an unchanged `pressed` it does the
 * same (it flips this game's state), so it does not count as a change.
 */
function sameCard(before: { game: LobbyGame; favorite?: CardFavorite | undefined }, after: { game: LobbyGame; favorite?: CardFavorite | undefined }): boolean {
  return (
    before.game === after.game &&
    (before.favorite === undefined) === (after.favorite === undefined) &&
    before.favorite?.pressed === after.favorite?.pressed &&
    before.favorite?.blockedReason === after.favorite?.blockedReason
  );
}

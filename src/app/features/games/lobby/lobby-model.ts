// The lobby's games: every own game offered on this kind of device (spec §9), by category, with a
// link per play mode that the operator has enabled and that has a page. A game offered here whose
// modes are all switched off stays listed with the spec §8 "temporarily closed" message; one the
// server does not offer at all (no result source: FEED_ADAPTER=none) is not listed.
import { isHiddenDraw, isOwnGameEnabled, isSimulatedDraw, type EnabledGames } from '../../../../shared/api/games.ts';
import { CATEGORY_NAMES, DRAW_TYPES, findDrawType, type DrawTypeInfo } from '../../../../shared/catalogue/draw-types.ts';
import { playModesFor, type DeviceKind } from '../../../../shared/catalogue/play-modes.ts';
import { LOTTERY_CATEGORIES, type PlayMode } from '../../../../shared/enums.ts';
import type { OwnGamePages } from '../menu-model.ts';

export interface LobbyLink {
  mode: PlayMode;
  label: string;
  href: string;
}

export interface LobbyGame {
  info: DrawTypeInfo;
  links: LobbyLink[];
  /** Offered on this device but every mode is switched off by the operator. */
  closed: boolean;
  /** Its results come from the built-in simulated feed: labelled 模拟开奖. */
  simulated: boolean;
}

export interface LobbySection {
  /** A lottery category, or DICE. */
  key: string;
  name: string;
  games: LobbyGame[];
}

function linkFor(info: DrawTypeInfo, mode: PlayMode, pages: OwnGamePages): LobbyLink | null {
  if (info.product === 'DICE') return pages.dice ? { mode, label: '进入', href: `/game/dice/${info.code}` } : null;
  if (mode === 'REGULAR') return pages.regular ? { mode, label: '标准', href: `/game/regular/${info.code}` } : null;
  return pages.board ? { mode, label: '盘面', href: `/game/board/${info.code}` } : null;
}

export function lobbyGame(info: DrawTypeInfo, config: EnabledGames, device: DeviceKind, pages: OwnGamePages): LobbyGame | null {
  const offered = playModesFor(info, device);
  if (offered.length === 0 || isHiddenDraw(config, info.code)) return null;
  const links = offered
    .filter((mode) => isOwnGameEnabled(config, info.product, info.code, mode))
    .map((mode) => linkFor(info, mode, pages))
    .filter((link): link is LobbyLink => link !== null);
  const anyEnabled = offered.some((mode) => isOwnGameEnabled(config, info.product, info.code, mode));
  if (links.length === 0 && anyEnabled) return null;
  return { info, links, closed: !anyEnabled, simulated: isSimulatedDraw(config, info.code) };
}

export function buildLobby(config: EnabledGames, device: DeviceKind, pages: OwnGamePages): LobbySection[] {
  const sections: LobbySection[] = [];
  for (const category of LOTTERY_CATEGORIES) {
    const games = DRAW_TYPES.filter((d) => d.product === 'LOTTERY' && d.category === category)
      .map((d) => lobbyGame(d, config, device, pages))
      .filter((g): g is LobbyGame => g !== null);
    if (games.length > 0) sections.push({ key: category, name: CATEGORY_NAMES[category], games });
  }
  const dice = DRAW_TYPES.filter((d) => d.product === 'DICE')
    .map((d) => lobbyGame(d, config, device, pages))
    .filter((g): g is LobbyGame => g !== null);
  if (dice.length > 0) sections.push({ key: 'DICE', name: '骰宝', games: dice });
  return sections;
}

/** The player's recent draw types (spec §3.4, up to 7), as lobby cards that still work here. */
export function recentLobbyGames(recent: readonly string[], config: EnabledGames, device: DeviceKind, pages: OwnGamePages): LobbyGame[] {
  const games: LobbyGame[] = [];
  for (const code of new Set(recent)) {
    const info = findDrawType(code);
    const game = info ? lobbyGame(info, config, device, pages) : null;
    if (game && !game.closed) games.push(game);
  }
  return games;
}

/**
 * The player's favourites as lobby cards, in the order they were added. A game closed by the operator
 * keeps its card (with the spec §8 message, so it can be un-starred); one not offered here is left out.
 */
export function favoriteLobbyGames(favorites: readonly string[], config: EnabledGames, device: DeviceKind, pages: OwnGamePages): LobbyGame[] {
  const games: LobbyGame[] = [];
  for (const code of new Set(favorites)) {
    const info = findDrawType(code);
    const game = info ? lobbyGame(info, config, device, pages) : null;
    if (game) games.push(game);
  }
  return games;
}

/** Cards a desktop shows above the fold (seven columns of two rows); a phone shows fewer. */
export const FIRST_SCREEN_CARDS = 14;

/**
 * The periodic draw types of the first cards in the lobby's order (favourites, recent, categories):
 * the lobby asks for their issues as soon as it knows its games, before the cards render. Instant and
 * closed games have no countdown.
 */
export function firstScreenDrawTypes(groups: readonly (readonly LobbyGame[])[], count = FIRST_SCREEN_CARDS): string[] {
  const codes = groups
    .flat()
    .slice(0, count)
    .filter((game) => !game.closed && !game.info.instant)
    .map((game) => game.info.code);
  return [...new Set(codes)];
}

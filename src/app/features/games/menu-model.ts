// The header's game menus as data (spec §2.3, §4 availability, §9 play modes per device), so the
// rules are testable apart from the UI. Entries whose page does not exist yet are left out.
import type { EnabledGames } from '../../../shared/api/games.ts';
import { CATEGORY_NAMES, DRAW_TYPES, findDrawType, type DrawTypeInfo } from '../../../shared/catalogue/draw-types.ts';
import { playModesFor, type DeviceKind } from '../../../shared/catalogue/play-modes.ts';
import {
  INACTIVE_PROVIDERS,
  LOTTERY_CATEGORIES,
  PROVIDERS_BY_CATALOGUE,
  type LotteryCategory,
  type PlayMode,
  type ThirdPartyProvider,
} from '../../../shared/enums.ts';
import { isOwnGameEnabled } from '../../../shared/api/games.ts';

export interface GameEntry {
  drawType: string;
  name: string;
  /** One link per play mode that is enabled, offered on this device and has a page. */
  links: { mode: PlayMode | 'DICE'; label: string; href: string }[];
}

export interface LotteryGroup {
  category: LotteryCategory;
  name: string;
  entries: GameEntry[];
}

export interface LotteryMenuModel {
  recent: GameEntry[];
  groups: LotteryGroup[];
}

export interface OwnGamePages {
  regular: boolean;
  board: boolean;
  dice: boolean;
}

export const PLAY_MODE_LABELS: Record<PlayMode, string> = { REGULAR: '标准', BOARD: '盘面' };

function entryFor(info: DrawTypeInfo, config: EnabledGames, device: DeviceKind, pages: OwnGamePages): GameEntry | null {
  const links: GameEntry['links'] = [];
  if (info.product === 'DICE') {
    if (pages.dice && playModesFor(info, device).some((mode) => isOwnGameEnabled(config, 'DICE', info.code, mode))) {
      links.push({ mode: 'DICE', label: '进入', href: `/game/dice/${info.code}` });
    }
  } else {
    for (const mode of playModesFor(info, device)) {
      if (!isOwnGameEnabled(config, 'LOTTERY', info.code, mode)) continue;
      if (mode === 'REGULAR' && pages.regular) links.push({ mode, label: PLAY_MODE_LABELS.REGULAR, href: `/game/regular/${info.code}` });
      if (mode === 'BOARD' && pages.board) links.push({ mode, label: PLAY_MODE_LABELS.BOARD, href: `/game/board/${info.code}` });
    }
  }
  return links.length > 0 ? { drawType: info.code, name: info.shortName ?? info.name, links } : null;
}

export function buildLotteryMenu(
  config: EnabledGames,
  device: DeviceKind,
  pages: OwnGamePages,
  recentDrawTypes: readonly string[],
  loggedIn: boolean,
): LotteryMenuModel {
  const groups: LotteryGroup[] = [];
  for (const category of LOTTERY_CATEGORIES) {
    const entries = DRAW_TYPES.filter((d) => d.product === 'LOTTERY' && d.category === category)
      .map((d) => entryFor(d, config, device, pages))
      .filter((e): e is GameEntry => e !== null);
    if (entries.length > 0) groups.push({ category, name: CATEGORY_NAMES[category], entries });
  }
  const recent = loggedIn
    ? recentDrawTypes
        .map((code) => findDrawType(code))
        .filter((d): d is DrawTypeInfo => d !== undefined && d.product === 'LOTTERY')
        .map((d) => entryFor(d, config, device, pages))
        .filter((e): e is GameEntry => e !== null)
    : [];
  return { recent, groups };
}

export function buildDiceMenu(config: EnabledGames, device: DeviceKind, pages: OwnGamePages): GameEntry[] {
  return DRAW_TYPES.filter((d) => d.product === 'DICE')
    .map((d) => entryFor(d, config, device, pages))
    .filter((e): e is GameEntry => e !== null);
}

export type ThirdPartyCatalogue = keyof typeof PROVIDERS_BY_CATALOGUE;

export const CATALOGUE_MENUS: { catalogue: ThirdPartyCatalogue; label: string }[] = [
  { catalogue: 'CARD_GAME', label: '棋牌' },
  { catalogue: 'LIVE_BETTING', label: '真人' },
  { catalogue: 'SLOT_MACHINE', label: '电子' },
  { catalogue: 'FISHING_JOY', label: '捕鱼' },
  { catalogue: 'SPORTS_BETTING', label: '体育' },
];

export const PROVIDER_NAMES: Record<ThirdPartyProvider, string> = {
  AG: 'AG',
  BBIN: 'BBIN',
  CQ9: 'CQ9',
  IBC: '沙巴',
  JDB: 'JDB',
  KY: '开元',
  LC: 'LC',
  LEG: '乐游',
  MG: 'MG',
  PT: 'PT',
  IM: 'IM',
  PG: 'PG',
  PP: 'PP',
  WALI: '瓦力',
  XM: 'XM',
  AVIA: '泛亚',
};

/** Spec §4: a provider is enabled only if listed among the enabled third-party providers. */
export function providersFor(config: EnabledGames, catalogue: ThirdPartyCatalogue): ThirdPartyProvider[] {
  const enabled = new Set(config.thirdPartyGameProviders);
  return PROVIDERS_BY_CATALOGUE[catalogue].filter(
    (provider) => enabled.has(provider) && !INACTIVE_PROVIDERS.includes(provider),
  );
}

/** Spec §7: a third-party game opens in a new tab at /third-party-game/game. */
export function thirdPartyGameHref(provider: ThirdPartyProvider, catalogue: ThirdPartyCatalogue, room?: string): string {
  const query = new URLSearchParams({ gameProvider: provider, gameCatalog: catalogue });
  if (room) query.set('gameRoom', room);
  return `/third-party-game/game?${query.toString()}`;
}

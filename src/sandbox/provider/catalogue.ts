// What each provider code offers in the sandbox: the catalogues of spec §3.5 it belongs to, slot titles
// (all on the one published slot of src/shared/providers/slot.ts), fishing rooms, and card, live and
// sports lobbies. Names differ per provider so the menus do not all look alike.
import { PROVIDERS_BY_CATALOGUE, type ThirdPartyProvider } from '../../shared/enums.ts';
import { FISHING_ROOMS } from '../../shared/providers/fishing.ts';
import type { ProviderCatalogue } from '../../server/providers/adapter.ts';

export interface SandboxGame {
  gameId: string;
  name: string;
  catalogue: ProviderCatalogue;
  room: string | null;
  /** What the launch URL opens. */
  kind: 'SLOT' | 'FISHING' | 'LOBBY';
}

export const PROVIDER_NAMES: Record<ThirdPartyProvider, string> = {
  AG: 'AG', BBIN: 'BBIN', CQ9: 'CQ9', IBC: 'IBC 沙巴', JDB: 'JDB', KY: '开元', LC: '乐橙', LEG: '乐游',
  MG: 'MG', PT: 'PT', IM: 'IM', PG: 'PG', PP: 'PP', WALI: '瓦力', XM: 'XM', AVIA: 'AVIA',
};

const SLOT_TITLES = ['财神到', '金龙献瑞', '福星高照', '水果派对', '招财猫', '黄金矿工', '熊猫乐园', '幸运七'];
const CARD_TABLES = ['斗地主', '抢庄牛牛', '炸金花', '二十一点'];
const LIVE_TABLES = ['百家乐', '龙虎', '轮盘', '骰宝'];

export const CATALOGUE_NAMES: Record<ProviderCatalogue, string> = {
  CARD_GAME: '棋牌',
  LIVE_BETTING: '真人视讯',
  SLOT_MACHINE: '电子游艺',
  FISHING_JOY: '捕鱼',
  SPORTS_BETTING: '体育',
};

export function servesCatalogue(provider: ThirdPartyProvider, catalogue: ProviderCatalogue): boolean {
  return (PROVIDERS_BY_CATALOGUE[catalogue] as readonly string[]).includes(provider);
}

/** Providers the sandbox serves: every code but AVIA (never active, spec §3.5). */
export function isServedProvider(provider: string): provider is ThirdPartyProvider {
  return provider !== 'AVIA' && Object.values(PROVIDERS_BY_CATALOGUE).some((list) => (list as readonly string[]).includes(provider));
}

function rotate<T>(list: readonly T[], by: number): T[] {
  const n = by % list.length;
  return [...list.slice(n), ...list.slice(0, n)];
}

const providerIndex = (provider: ThirdPartyProvider) => Object.keys(PROVIDER_NAMES).indexOf(provider);

export function gamesOf(provider: ThirdPartyProvider, catalogue: ProviderCatalogue): SandboxGame[] {
  if (!servesCatalogue(provider, catalogue)) return [];
  const shift = providerIndex(provider);
  const code = provider.toLowerCase();
  switch (catalogue) {
    case 'SLOT_MACHINE':
      return rotate(SLOT_TITLES, shift)
        .slice(0, 6)
        .map((name, i) => ({ gameId: `${code}-slot-${i + 1}`, name, catalogue, room: null, kind: 'SLOT' }));
    case 'FISHING_JOY':
      return FISHING_ROOMS.map((room) => ({ gameId: `${code}-fish`, name: `捕鱼·${room.name}`, catalogue, room: room.room, kind: 'FISHING' }));
    case 'CARD_GAME':
      return [
        { gameId: `${code}-card-lobby`, name: '棋牌大厅', catalogue, room: null, kind: 'LOBBY' },
        ...rotate(CARD_TABLES, shift).map((name, i): SandboxGame => ({ gameId: `${code}-card-${i + 1}`, name, catalogue, room: null, kind: 'LOBBY' })),
      ];
    case 'LIVE_BETTING':
      return [
        { gameId: `${code}-live-lobby`, name: '真人大厅', catalogue, room: null, kind: 'LOBBY' },
        ...rotate(LIVE_TABLES, shift).map((name, i): SandboxGame => ({ gameId: `${code}-live-${i + 1}`, name, catalogue, room: `T${i + 1}`, kind: 'LOBBY' })),
      ];
    case 'SPORTS_BETTING':
      return [{ gameId: `${code}-sports-lobby`, name: '体育大厅', catalogue, room: null, kind: 'LOBBY' }];
  }
}

export function findGame(provider: ThirdPartyProvider, catalogue: ProviderCatalogue, gameId: string | null, room: string | null): SandboxGame | null {
  const games = gamesOf(provider, catalogue);
  if (games.length === 0) return null;
  if (gameId === null) {
    // No game id: the catalogue's first game (the lobby, or the first slot); a room picks that room.
    return (room === null ? games[0] : games.find((g) => g.room === room)) ?? null;
  }
  return games.find((g) => g.gameId === gameId && (room === null || g.room === null || g.room === room)) ?? null;
}

const PALETTE = ['#c2410c', '#b91c1c', '#7c3aed', '#0369a1', '#047857', '#a16207', '#be185d', '#4338ca'];

/** A simple SVG icon: the provider's colour, the title's first character, 沙箱. */
export function gameIconSvg(provider: ThirdPartyProvider, game: SandboxGame | null): string {
  const colour = PALETTE[(providerIndex(provider) + (game ? game.gameId.length : 0)) % PALETTE.length];
  const glyph = game ? [...game.name.replace(/^捕鱼·/, '')][0] : '?';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<rect width="96" height="96" rx="18" fill="${colour}"/><circle cx="48" cy="44" r="28" fill="#fff" opacity=".18"/>
<text x="48" y="56" font-size="34" text-anchor="middle" fill="#fff" font-family="sans-serif">${escapeXml(glyph ?? '?')}</text>
<text x="48" y="86" font-size="12" text-anchor="middle" fill="#fff" font-family="sans-serif">${escapeXml(provider)} 沙箱</text></svg>`;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

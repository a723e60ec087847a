// Game lists per provider and catalogue, kept briefly (PROVIDER_GAMES_CACHE_MS): the header menus
// and slot pages ask on every visit, the provider's list changes rarely. A failed fetch is not kept.
import type { ProviderGame as ApiGame } from '../../shared/api/third-party.ts';
import type { ProviderAdapter, ProviderCatalogue, ProviderGame } from './adapter.ts';

interface Entry {
  at: number;
  games: Promise<ProviderGame[]>;
}

const cache = new Map<string, Entry>();

export async function gamesOf(adapter: ProviderAdapter, catalogue: ProviderCatalogue, ttlMs: number): Promise<ProviderGame[]> {
  const key = `${adapter.provider}:${catalogue}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < ttlMs) return hit.games;
  const games = adapter.listGames(catalogue);
  cache.set(key, { at: now, games });
  games.catch(() => {
    if (cache.get(key)?.games === games) cache.delete(key);
  });
  return games;
}

/** A game's name if its list is in the cache (records show it; they never fetch a list for it). */
export async function cachedGameName(provider: string, gameId: string): Promise<string | null> {
  for (const [key, entry] of cache) {
    if (!key.startsWith(`${provider}:`)) continue;
    const games = await entry.games.catch(() => []);
    const game = games.find((g) => g.gameId === gameId);
    if (game) return game.name;
  }
  return null;
}

export const toApiGame = (game: ProviderGame): ApiGame => ({ gameId: game.gameId, gameName: game.name, iconURL: game.iconUrl, room: game.room });

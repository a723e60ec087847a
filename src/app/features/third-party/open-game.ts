// Opening a third-party game (spec §7): a new tab at /third-party-game/game, which asks the server for
// the provider's URL. Anonymous visitors get the login modal instead (spec §6); trial accounts may
// play with their own funds, so they open it like anyone else.
import { useCallback } from 'react';
import type { ProviderCatalogueName } from '../../../shared/api/third-party.ts';
import type { ThirdPartyProvider } from '../../../shared/enums.ts';
import { useOpenAuthModal } from '../session/use-auth-modal.ts';
import { useCurrentCustomer } from '../session/use-current-customer.ts';

export interface GameTarget {
  provider: ThirdPartyProvider;
  catalogue: ProviderCatalogueName;
  room?: string | null;
  gameId?: string | null;
}

export const LAUNCH_PAGE_PATH = '/third-party-game/game';

/** `/third-party-game/game?gameProvider&gameCatalog&gameRoom` (+ `gameId` for one title of a lobby). */
export function launchPageHref({ provider, catalogue, room, gameId }: GameTarget): string {
  const query = new URLSearchParams({ gameProvider: provider, gameCatalog: catalogue });
  if (room) query.set('gameRoom', room);
  if (gameId) query.set('gameId', gameId);
  return `${LAUNCH_PAGE_PATH}?${query.toString()}`;
}

export function useOpenThirdPartyGame(): (target: GameTarget) => void {
  const customer = useCurrentCustomer();
  const openAuth = useOpenAuthModal();
  return useCallback(
    (target: GameTarget) => {
      if (!customer) {
        openAuth('login');
        return;
      }
      window.open(launchPageHref(target), '_blank', 'noopener');
    },
    [customer, openAuth],
  );
}

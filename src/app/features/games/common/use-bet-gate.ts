import { useCallback } from 'react';
import { OFFLINE_MONEY_REASON, useOnline } from '../../../lib/online.ts';
import { useOpenAuthModal } from '../../session/use-auth-modal.ts';
import { useCurrentCustomer } from '../../session/use-current-customer.ts';

export interface BetGate {
  loggedIn: boolean;
  /** Why money actions are off right now (offline), or null. */
  blockedReason: string | null;
  /** Opens the login modal for a visitor (spec §6) and says whether the player may go on. */
  ensureLoggedIn: () => boolean;
}

/** Who may bet now: visitors are asked to log in; offline, betting waits with the reason shown. */
export function useBetGate(): BetGate {
  const customer = useCurrentCustomer();
  const online = useOnline();
  const openAuth = useOpenAuthModal();
  const loggedIn = customer !== null;
  const ensureLoggedIn = useCallback(() => {
    if (loggedIn) return true;
    openAuth('login');
    return false;
  }, [loggedIn, openAuth]);
  return { loggedIn, blockedReason: online ? null : OFFLINE_MONEY_REASON, ensureLoggedIn };
}

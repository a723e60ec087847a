import { isNotFound, useRouter, useRouterState, type AnyRouteMatch, type ParsedLocation } from '@tanstack/react-router';
import { useCallback } from 'react';
import { navigationMemory } from './app-navigation.ts';
import type { HistoryEntryRef } from './navigation-memory.ts';

export function entryRef(location: ParsedLocation): HistoryEntryRef {
  const state = location.state;
  return { href: location.href, key: state.__TSR_key ?? state.key ?? location.href, index: state.__TSR_index ?? 0 };
}

/** A guard or loader answered not-found somewhere along the matches: the not-found page shows. */
export function showsNotFound(matches: readonly AnyRouteMatch[]): boolean {
  return matches.some((match) => match._notFound === true || match.status === 'notFound' || isNotFound(match.error));
}

/** Whether the deepest matched route is an overlay that actually renders (not a not-found or an error). */
export function isOverlayShown(matches: readonly AnyRouteMatch[]): boolean {
  const leaf = matches[matches.length - 1];
  return leaf?.staticData.overlay === true && !showsNotFound(matches) && matches.every((match) => match.status === 'success');
}

export function useOverlayState(): { overlay: boolean; key: string } {
  return useRouterState({
    select: (state) => ({ overlay: isOverlayShown(state.matches), key: entryRef(state.location).key }),
    structuralSharing: true,
  });
}

/** Close an overlay: back to the page it opened over, or to the lobby after a reload or deep link. */
export function useCloseOverlay(): () => void {
  const router = useRouter();
  return useCallback(() => {
    const action = navigationMemory.closeAction(entryRef(router.state.location).key);
    if (action.kind === 'back') router.history.go(action.delta);
    else void router.navigate({ href: action.href, resetScroll: false });
  }, [router]);
}

// Opening and closing the autobet root overlays. An overlay this page load opened by pushing a history
// entry closes by stepping back, so the close button and the browser's back button agree; one that came
// with a reload or a deep link closes by dropping its parameter.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { isTrial } from '../../../shared/api/session.ts';
import { entryRef } from '../../routing/overlay.tsx';
import { showTrialRestriction } from '../notifications/trial-restriction.ts';
import { readSession } from '../session/session-queries.ts';
import { useOpenAuthModal } from '../session/use-auth-modal.ts';
import { clearAutobetRequest, storeAutobetRequest, type AutobetRequest } from './autobet-request.ts';
import { formatAutobetTarget } from './autobet-search.ts';

const pushedEntries = new Set<string>();

type SearchRecord = Record<string, unknown>;
const withoutAutobet = ({ autobet: _id, autobetFor: _for, ...rest }: SearchRecord) => rest;
const idParam = (autobetId: string) => Number(autobetId);

function useNavigateSearch() {
  const router = useRouter();
  return useCallback(
    (update: (previous: SearchRecord) => SearchRecord, replace: boolean) => {
      const wasPushed = pushedEntries.has(entryRef(router.state.location).key);
      return router
        .navigate({ to: '.', search: update as never, replace, resetScroll: false })
        .then(() => {
          // A replaced entry keeps how it was opened; a pushed one is ours to step back from.
          if (!replace || wasPushed) pushedEntries.add(entryRef(router.state.location).key);
        });
    },
    [router],
  );
}

export function useOpenAutobetDetail(): (autobetId: string) => void {
  const navigateSearch = useNavigateSearch();
  return useCallback(
    (autobetId: string) => void navigateSearch((previous) => ({ ...withoutAutobet(previous), autobet: idParam(autobetId) }), false),
    [navigateSearch],
  );
}

/** From the screen to the detail of the autobet it placed, in the same history entry. */
export function useShowPlacedAutobet(): (autobetId: string) => void {
  const navigateSearch = useNavigateSearch();
  return useCallback(
    (autobetId: string) => {
      clearAutobetRequest();
      void navigateSearch((previous) => ({ ...withoutAutobet(previous), autobet: idParam(autobetId) }), true);
    },
    [navigateSearch],
  );
}

/**
 * What the bet slip calls with its bets (regular at multiplier 1, board at the base stake). A visitor
 * gets the login modal, a trial player the trial alert (spec §6), everyone else the autobet screen.
 */
export function useOpenAutobetScreen(): (request: AutobetRequest) => void {
  const queryClient = useQueryClient();
  const openAuth = useOpenAuthModal();
  const navigateSearch = useNavigateSearch();
  return useCallback(
    (request: AutobetRequest) => {
      const customer = readSession(queryClient);
      if (!customer) {
        openAuth('login');
        return;
      }
      if (isTrial(customer)) {
        showTrialRestriction('追号');
        return;
      }
      storeAutobetRequest(request);
      const target = formatAutobetTarget({ drawType: request.drawType, playMode: request.playMode });
      void navigateSearch((previous) => ({ ...withoutAutobet(previous), autobetFor: target }), false);
    },
    [queryClient, openAuth, navigateSearch],
  );
}

export function useCloseAutobetOverlay(): () => void {
  const router = useRouter();
  return useCallback(() => {
    if (pushedEntries.has(entryRef(router.state.location).key)) {
      router.history.back();
      return;
    }
    void router.navigate({ to: '.', search: withoutAutobet as never, replace: true, resetScroll: false });
  }, [router]);
}

// Renders the autobet root overlays when the URL asks for them (autobet-search.ts). Only for players
// who may autobet: a visitor gets the login modal, a trial player nothing (spec §6).
import { useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { isTrial } from '../../../shared/api/session.ts';
import { useCapabilities } from '../../capabilities/capabilities.tsx';
import { useOpenAuthModal } from '../session/use-auth-modal.ts';
import { useCurrentCustomer } from '../session/use-current-customer.ts';
import './autobet-escape.ts';
import { parseAutobetTarget, validateAutobetSearch } from './autobet-search.ts';

const AutobetScreenModal = lazy(() => import('./AutobetScreenModal.tsx'));
const AutobetDetailModal = lazy(() => import('./AutobetDetailModal.tsx'));

export function AutobetOverlayHost() {
  const search = validateAutobetSearch(useSearch({ strict: false }));
  const customer = useCurrentCustomer();
  const enabled = useCapabilities().feature('autobet');
  const openLogin = useOpenAuthModal();
  const wanted = enabled && (search.autobet !== undefined || search.autobetFor !== undefined);
  const needsLogin = wanted && customer === null;
  useEffect(() => {
    if (needsLogin) openLogin('login');
  }, [needsLogin, openLogin]);
  if (!wanted || !customer || isTrial(customer)) return null;
  const target = search.autobetFor ? parseAutobetTarget(search.autobetFor) : null;
  return (
    <Suspense fallback={null}>
      {target ? (
        <AutobetScreenModal target={target} />
      ) : (
        search.autobet !== undefined && <AutobetDetailModal autobetId={String(search.autobet)} />
      )}
    </Suspense>
  );
}

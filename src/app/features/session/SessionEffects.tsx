import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { FirstLoginHost } from '../accounts/first-login/FirstLoginHost.tsx';
import { TrialForbiddenWatcher } from '../accounts/trial/TrialForbiddenWatcher.tsx';
import { disconnectLiveStream, liveStream } from '../live/live-stream.ts';
import { RealityCheckHost } from '../protection/RealityCheckHost.tsx';
import { useCurrentCustomer } from './use-current-customer.ts';

/**
 * What follows the session (spec §4): with a customer, the live stream is connected; when the
 * customer changes (login, logout, expiry), the route guards run again. A pending first login opens
 * its root overlay, the reality check reminds of the session time (decisions §8), and a trial
 * refusal from the server opens the trial modal (spec §6).
 */
export function SessionEffects() {
  const customer = useCurrentCustomer();
  const queryClient = useQueryClient();
  const router = useRouter();
  const name = customer?.name ?? null;
  const previous = useRef(name);

  useEffect(() => {
    // Very old browsers have no EventSource; the app then works without live updates.
    if (name === null || typeof EventSource === 'undefined') return;
    const stream = liveStream(queryClient);
    stream.start();
    return () => disconnectLiveStream();
  }, [name, queryClient]);

  useEffect(() => {
    if (previous.current === name) return;
    // The customer's data went already, when the session changed (followCustomer in session-queries.ts).
    previous.current = name;
    void router.invalidate();
  }, [name, router]);

  return (
    <>
      <TrialForbiddenWatcher />
      <FirstLoginHost />
      <RealityCheckHost />
    </>
  );
}

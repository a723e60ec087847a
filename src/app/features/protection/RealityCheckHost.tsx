import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentCustomer } from '../session/use-current-customer.ts';
import { protectionQueryOptions, PROTECTION_QUERY_KEY } from './protection-queries.ts';
import { nextRealityCheckAt } from './reality-check.ts';

const RealityCheckDialog = lazy(() => import('./RealityCheckDialog.tsx'));

/** Opens the reality check every N minutes of the session when the player has chosen an interval. */
export function RealityCheckHost() {
  const customer = useCurrentCustomer();
  const queryClient = useQueryClient();
  const status = useQuery({ ...protectionQueryOptions(), enabled: customer !== null }).data;
  const [acknowledgedAt, setAcknowledgedAt] = useState(() => Date.now());
  const [due, setDue] = useState(false);
  const minutes = customer ? (status?.realityCheckMinutes ?? null) : null;
  const startedAt = status?.session.startedAt ?? null;

  useEffect(() => {
    if (minutes === null || startedAt === null || due) return;
    const wait = nextRealityCheckAt(startedAt, minutes, acknowledgedAt) - Date.now();
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: PROTECTION_QUERY_KEY });
      setDue(true);
    }, Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [minutes, startedAt, acknowledgedAt, due, queryClient]);

  if (!due || minutes === null) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheckDialog
        onContinue={() => {
          setAcknowledgedAt(Date.now());
          setDue(false);
        }}
      />
    </Suspense>
  );
}

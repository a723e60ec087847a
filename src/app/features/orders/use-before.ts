import { useEffect, useState } from 'react';

/** True until the instant passes (re-renders at that moment), e.g. while an issue is still on sale. */
export function useBefore(instant: number | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (instant === null || now >= instant) return;
    // Timers are capped at ~24.8 days; a far instant simply re-checks then.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(instant - now, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [instant, now]);
  return instant !== null && now < instant;
}

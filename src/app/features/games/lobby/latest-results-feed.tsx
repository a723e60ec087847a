// Every lobby card's last result comes from one query (the 开奖 page's), observed once by the lobby
// and handed to each card through a small store: sixty-odd query observers, each re-rendered when the
// answer lands, were a large part of the lobby's first load on a phone. A card re-renders only when
// its own draw type's result changes, and as a transition: sixty-odd cards' balls arriving together
// render in slices instead of one long synchronous task (which useSyncExternalStore would force).
import { useQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import type { LatestResult, LatestResults } from '../../../../shared/api/draws.ts';
import { latestResultsQueryOptions } from '../../results/results-queries.ts';

type Listener = () => void;

const byDrawType = new Map<string, { key: string; result: LatestResult }>();
const listeners = new Set<Listener>();

function publish(latest: LatestResults | undefined): void {
  if (!latest) return;
  let changed = false;
  const present = new Set(latest.results.map((result) => result.drawType));
  for (const drawType of byDrawType.keys()) {
    if (present.has(drawType)) continue;
    byDrawType.delete(drawType);
    changed = true;
  }
  for (const result of latest.results) {
    const key = JSON.stringify(result);
    if (byDrawType.get(result.drawType)?.key === key) continue;
    byDrawType.set(result.drawType, { key, result });
    changed = true;
  }
  if (changed) for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The one observer of the latest results while the lobby is open (it polls, as the cards did). */
export function LatestResultsFeed(): null {
  const { data } = useQuery(latestResultsQueryOptions());
  useEffect(() => publish(data), [data]);
  return null;
}

const resultOf = (drawType: string) => byDrawType.get(drawType)?.result ?? null;

/** A card's last result, or null before the first answer. */
export function useLatestResult(drawType: string): LatestResult | null {
  const [result, setResult] = useState(() => resultOf(drawType));
  useEffect(() => {
    const update = () => {
      const next = resultOf(drawType);
      startTransition(() => setResult(next));
    };
    update();
    return subscribe(update);
  }, [drawType]);
  return result;
}

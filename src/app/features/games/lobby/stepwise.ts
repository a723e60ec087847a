// How many of the lobby's cards are rendered: the first screen's at once, then a few more per task,
// each step a render and commit well under 50 ms on a phone (4× CPU slowdown), instead of one commit
// of the whole grid that blocked the main thread for several hundred milliseconds.
import { startTransition, useEffect, useState } from 'react';
import { inNextTask } from '../../../lib/next-task.ts';

/** Cards rendered in each later step. */
export const CARDS_PER_STEP = 4;

export function useStepwiseCount(total: number, first: number): number {
  const [count, setCount] = useState(first);
  const shown = Math.min(total, Math.max(count, first));
  useEffect(() => {
    if (shown >= total) return;
    // A task of its own after the last commit (and its paint): input and the browser come first.
    return inNextTask(() => startTransition(() => setCount(shown + CARDS_PER_STEP)));
  }, [shown, total]);
  return shown;
}

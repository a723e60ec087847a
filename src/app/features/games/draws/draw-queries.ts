// Draw data of one draw type: the issue on sale with the server's clock, and recent results. They
// refresh on their own at the boundaries (a visitor without a live stream still sees the next
// issue and the result) and on `drawResult` events. Both are persisted for a day so that a game page
// opened offline shows the last known issue and results with their age (decisions §7); older ones
// describe issues long gone and are dropped.
import { queryOptions } from '@tanstack/react-query';
import { CurrentDrawSchema, DRAWS_PATHS, ResultsSchema, type CurrentDraw } from '../../../../shared/api/draws.ts';
import { apiGet } from '../../../lib/api/client.ts';
import { recordServerTime, serverNow } from '../../../components/draw/server-clock.ts';
import { DRAWS_QUERY_PREFIX } from './draw-events.ts';

/** How long persisted draw data is restored: a day's old issue and results are no use any more. */
export const DRAW_PERSIST_MS = 24 * 60 * 60 * 1000;

export const drawQueryKeys = {
  drawType: (drawType: string) => [DRAWS_QUERY_PREFIX, drawType] as const,
  current: (drawType: string) => [DRAWS_QUERY_PREFIX, drawType, 'current'] as const,
  results: (drawType: string, count: number) => [DRAWS_QUERY_PREFIX, drawType, 'results', count] as const,
};

const MARGIN_MS = 300;
const AWAITING_RESULT_POLL_MS = 2_000;
const SLOW_POLL_MS = 15_000;
/** A result later than this after its draw time is late (a feed delay): poll slowly from then on. */
const RESULT_GRACE_MS = 90_000;

/** The draw time of the issue before `current`, assuming the regular period `next − current`. */
export function previousDrawAt(draw: CurrentDraw): number | null {
  if (!draw.current || !draw.next) return null;
  return draw.current.drawAt - (draw.next.drawAt - draw.current.drawAt);
}

/** Whether the last issue that closed has not shown its result yet. */
export function awaitingResult(draw: CurrentDraw): boolean {
  const previous = previousDrawAt(draw);
  return previous !== null && (draw.latest?.drawAt ?? 0) < previous;
}

/**
 * When to ask again: at the next opening or closing of the issue on sale, and around the draw time of
 * the issue that just closed until its result is in. `false` for instant draws (nothing is scheduled).
 */
export function nextRefreshDelay(draw: CurrentDraw | undefined, now: number): number | false {
  if (!draw) return false;
  if (!draw.current) return draw.latest || draw.next ? SLOW_POLL_MS : false;
  const moments = [draw.current.opensAt, draw.current.closesAt];
  const previous = previousDrawAt(draw);
  if (previous !== null && awaitingResult(draw)) {
    if (now >= previous + RESULT_GRACE_MS) moments.push(now + SLOW_POLL_MS);
    else if (now >= previous) moments.push(now + AWAITING_RESULT_POLL_MS);
    else moments.push(previous);
  }
  const upcoming = moments.filter((t) => t > now);
  if (upcoming.length === 0) return AWAITING_RESULT_POLL_MS;
  return Math.min(Math.max(Math.min(...upcoming) - now + MARGIN_MS, 500), 60_000);
}

export const currentDrawQueryOptions = (drawType: string) =>
  queryOptions({
    queryKey: drawQueryKeys.current(drawType),
    queryFn: async ({ signal }) => {
      const sentAt = Date.now();
      const draw = await apiGet(DRAWS_PATHS.current(drawType), CurrentDrawSchema, signal);
      recordServerTime(draw.serverTime, sentAt, Date.now());
      return draw;
    },
    meta: { persistForMs: DRAW_PERSIST_MS },
    staleTime: 5_000,
    refetchInterval: (query) => nextRefreshDelay(query.state.data, serverNow()),
  });

export const recentResultsQueryOptions = (drawType: string, count: number) =>
  queryOptions({
    queryKey: drawQueryKeys.results(drawType, count),
    queryFn: ({ signal }) => apiGet(`${DRAWS_PATHS.results(drawType)}?count=${count}`, ResultsSchema, signal),
    meta: { persistForMs: DRAW_PERSIST_MS },
    staleTime: 10_000,
  });

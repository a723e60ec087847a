// The lobby's cards ask for their issues together: every card that wants its issue within the same
// few milliseconds (the first screen, the cards a scroll brings into view, the cards whose issues close
// at the same second) is served by one request to `/ajax/draws/current?types=…` instead of one each.
// The answers land in each card's own query (the key game pages use too), persisted like theirs.
import { queryOptions } from '@tanstack/react-query';
import { CURRENT_DRAWS_MAX, CURRENT_DRAWS_PATH, CurrentDrawsSchema, type CurrentDraw } from '../../../../shared/api/draws.ts';
import { recordServerTime } from '../../../components/draw/server-clock.ts';
import { apiGet } from '../../../lib/api/client.ts';
import { currentDrawQueryOptions } from '../draws/draw-queries.ts';

/** Long enough for the cards of one render (their observers subscribe in one commit) to join. */
const GATHER_MS = 10;

interface Waiter {
  resolve: (draw: CurrentDraw) => void;
  reject: (error: unknown) => void;
}

let gathering: Map<string, Waiter[]> | null = null;

async function send(codes: string[], waiters: Map<string, Waiter[]>): Promise<void> {
  try {
    const sentAt = Date.now();
    const answer = await apiGet(`${CURRENT_DRAWS_PATH}?types=${codes.map(encodeURIComponent).join(',')}`, CurrentDrawsSchema);
    recordServerTime(answer.serverTime, sentAt, Date.now());
    for (const code of codes) {
      const draw = answer.draws[code];
      for (const waiter of waiters.get(code)!) {
        if (draw) waiter.resolve(draw);
        else waiter.reject(new Error(`no issue for ${code}`));
      }
    }
  } catch (error) {
    for (const code of codes) for (const waiter of waiters.get(code)!) waiter.reject(error);
  }
}

function flush(): void {
  const waiters = gathering!;
  gathering = null;
  const codes = [...waiters.keys()];
  for (let start = 0; start < codes.length; start += CURRENT_DRAWS_MAX) void send(codes.slice(start, start + CURRENT_DRAWS_MAX), waiters);
}

/** One draw type's current issue, fetched together with the others asked for at the same moment. */
export function gatheredCurrentDraw(drawType: string): Promise<CurrentDraw> {
  return new Promise((resolve, reject) => {
    if (!gathering) {
      gathering = new Map();
      setTimeout(flush, GATHER_MS);
    }
    const waiters = gathering.get(drawType) ?? [];
    waiters.push({ resolve, reject });
    gathering.set(drawType, waiters);
  });
}

/** A lobby card's issue query: the game page's, fetched in a batch. */
export const lobbyCurrentDrawQueryOptions = (drawType: string) =>
  queryOptions({ ...currentDrawQueryOptions(drawType), queryFn: () => gatheredCurrentDraw(drawType) });

// The draw history a chart is computed from. Under the draw type's `draws` key, so a `drawResult`
// live event (games/draws/draw-events.ts) refreshes the chart too; a visitor without the live stream
// gets a slow poll. Never persisted: up to 1000 issues is too much for IndexedDB on every change.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { DRAWS_PATHS } from '../../../shared/api/draws.ts';
import { apiGet } from '../../lib/api/client.ts';

/**
 * The part of `ResultsSchema` a chart reads. Validating (and keeping) only the issue number and the
 * numbers of up to 1000 issues is several times cheaper than the full issue on a slow phone.
 */
const ChartResultsSchema = z.object({
  drawType: z.string(),
  results: z.array(z.object({ issueNumber: z.string(), result: z.array(z.number().int()).nullable() })),
});

const CHART_POLL_MS = 60_000;

export const chartResultsQueryKey = (drawType: string, count: number) => ['draws', drawType, 'chart', count] as const;

export const chartResultsQueryOptions = (drawType: string, count: number) =>
  queryOptions({
    queryKey: chartResultsQueryKey(drawType, count),
    queryFn: ({ signal }) => apiGet(`${DRAWS_PATHS.results(drawType)}?count=${count}`, ChartResultsSchema, signal),
    meta: { persist: false },
    staleTime: 15_000,
    refetchInterval: CHART_POLL_MS,
    // Switching the count keeps the old chart on screen until the new history arrives.
    placeholderData: keepPreviousData,
  });

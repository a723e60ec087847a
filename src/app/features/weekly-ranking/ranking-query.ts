import { queryOptions } from '@tanstack/react-query';
import { WEEKLY_RANKING_PATHS, WeeklyRankingSchema } from '../../../shared/api/weekly-ranking.ts';
import { apiGet } from '../../lib/api/client.ts';
import { USER_QUERY_PREFIX } from '../session/session-queries.ts';

/** Logged in, the answer carries the player's own place: it lives under the user prefix, dropped at logout. */
export const weeklyRankingQueryOptions = (loggedIn: boolean) =>
  queryOptions({
    queryKey: loggedIn ? [USER_QUERY_PREFIX, 'weekly-ranking'] : ['weekly-ranking', 'public'],
    queryFn: ({ signal }) => apiGet(WEEKLY_RANKING_PATHS.ranking, WeeklyRankingSchema, signal),
    staleTime: 60_000,
  });

// The draws pages' server state: one query per view, keyed so that a change to an issue refreshes
// the calendar and the overview too.
import { queryOptions } from '@tanstack/react-query';
import { DRAWS_ADMIN_PATHS, DrawCalendarSchema, DrawTypesOverviewSchema, IssueCalendarSchema, IssueDetailSchema } from '../../../shared/backoffice/draws.ts';
import { boGet } from '../../lib/api.ts';

export const DRAWS_KEY = ['backoffice', 'draws'] as const;

export const drawTypesQuery = () =>
  queryOptions({
    queryKey: [...DRAWS_KEY, 'types'],
    queryFn: ({ signal }) => boGet(DRAWS_ADMIN_PATHS.drawTypes, DrawTypesOverviewSchema, undefined, signal),
    refetchInterval: 15_000,
  });

export const calendarQuery = (drawType: string, day: string | undefined, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...DRAWS_KEY, 'calendar', drawType, day ?? 'today', page, pageSize],
    queryFn: ({ signal }) => boGet(DRAWS_ADMIN_PATHS.calendar(drawType), IssueCalendarSchema, { day, page, pageSize }, signal),
    refetchInterval: 15_000,
  });

export const issueQuery = (drawType: string, issueNumber: string) =>
  queryOptions({
    queryKey: [...DRAWS_KEY, 'issue', drawType, issueNumber],
    queryFn: ({ signal }) => boGet(DRAWS_ADMIN_PATHS.issue(drawType, issueNumber), IssueDetailSchema, undefined, signal),
    refetchInterval: 5_000,
  });

export const drawCalendarQuery = (drawType: string) =>
  queryOptions({
    queryKey: [...DRAWS_KEY, 'drawCalendar', drawType],
    queryFn: ({ signal }) => boGet(DRAWS_ADMIN_PATHS.drawCalendar(drawType), DrawCalendarSchema, undefined, signal),
  });

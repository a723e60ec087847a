import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { DrawnIssue, Issue } from '../../../../shared/api/draws.ts';
import { findDrawType } from '../../../../shared/catalogue/draw-types.ts';
import { useServerClockValue } from '../../../components/draw/server-clock.ts';
import { OFFLINE_MONEY_REASON, useOnline } from '../../../lib/online.ts';
import { currentDrawQueryOptions, drawQueryKeys } from './draw-queries.ts';

/**
 * instant: 秒开, drawn per bet; loading: not known yet; offline: no network, the last known issue (if
 * any) is shown with its age; none: no issue scheduled (e.g. overnight); upcoming: the next issue is
 * not on sale yet; open: on sale; closed: sales closed, next issue pending.
 */
export type IssuePhase = 'instant' | 'loading' | 'offline' | 'none' | 'upcoming' | 'open' | 'closed';

export interface IssueView {
  phase: IssuePhase;
  issue: Issue | null;
  latest: DrawnIssue | null;
  /** Closed and not drawn yet (开奖中), while the next issue is on sale. */
  drawing: Issue | null;
  /** Offline: when the shown issue and result were fetched (null when nothing is known). */
  lastKnownAt?: number | null;
}

export function issuePhase(issue: Issue | null, nowSecond: number): Exclude<IssuePhase, 'instant' | 'loading' | 'offline'> {
  if (!issue) return 'none';
  const now = nowSecond * 1000;
  if (issue.state === 'SCHEDULED' || now < issue.opensAt) return 'upcoming';
  if (issue.state !== 'OPEN' || now >= issue.closesAt) return 'closed';
  return 'open';
}

/** The issue on sale of a periodic draw type, its phase on the server's clock, and the latest result. */
export function useDrawIssue(drawType: string): IssueView {
  const instant = findDrawType(drawType)?.instant ?? false;
  const queryClient = useQueryClient();
  const { data, dataUpdatedAt } = useQuery({ ...currentDrawQueryOptions(drawType), enabled: !instant });
  const online = useOnline();
  const phase = useServerClockValue((second) => issuePhase(data?.current ?? null, second));
  const latestNumber = data?.latest?.issueNumber;
  useEffect(() => {
    if (latestNumber === undefined) return;
    void queryClient.invalidateQueries({ queryKey: [...drawQueryKeys.drawType(drawType), 'results'] });
  }, [queryClient, drawType, latestNumber]);
  const current = data?.current ?? null;
  const latest = data?.latest ?? null;
  const drawing = data?.drawing ?? null;
  const loaded = data !== undefined;
  // One object per change, so the memoised issue bar re-renders only when something moved.
  return useMemo<IssueView>(() => {
    if (instant) return { phase: 'instant', issue: null, latest: null, drawing: null };
    // Offline the clock cannot say which issue is on sale now, nor whether a result came in: show
    // what was last known, as last known.
    if (!online) return { phase: 'offline', issue: current, latest, drawing: null, lastKnownAt: loaded ? dataUpdatedAt : null };
    if (!loaded) return { phase: 'loading', issue: null, latest: null, drawing: null };
    return { phase, issue: current, latest, drawing };
  }, [instant, online, loaded, dataUpdatedAt, phase, current, latest, drawing]);
}

/** Why an order cannot go to an issue now, or null when it can (instant draws never wait). */
export function salesBlockedReason(view: IssueView): string | null {
  switch (view.phase) {
    case 'instant':
    case 'open':
      return null;
    case 'closed':
      return `第 ${view.issue?.issueNumber ?? ''} 期已截止投注`;
    case 'upcoming':
      return `第 ${view.issue?.issueNumber ?? ''} 期尚未开售`;
    case 'loading':
      return '正在获取期号，请稍候';
    case 'offline':
      return OFFLINE_MONEY_REASON;
    case 'none':
      return '暂无可投注期号';
  }
}

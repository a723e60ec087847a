// How the draws pages write states, sources, times and lags.
import { DRAW_SOURCE_LABELS, ISSUE_STATE_LABELS, type DrawSourceName } from '../../../shared/backoffice/draws.ts';
import { formatBeijingDateTime } from '../../../shared/draws/schedule/beijing-time.ts';

export const stateLabel = (state: keyof typeof ISSUE_STATE_LABELS) => ISSUE_STATE_LABELS[state];

export const STATE_COLORS: Record<keyof typeof ISSUE_STATE_LABELS, string> = {
  SCHEDULED: 'gray',
  OPEN: 'green',
  CLOSED: 'orange',
  DRAWN: 'blue',
  SETTLED: 'teal',
  CANCELLED: 'red',
};

export const sourceLabel = (source: DrawSourceName) => DRAW_SOURCE_LABELS[source];

export const SOURCE_COLORS: Record<DrawSourceName, string> = { platform: 'blue', simulated: 'yellow', official: 'green', none: 'gray' };

const RESULT_SOURCE_LABELS: Record<string, string> = { platform: '平台', simulated: '模拟', http: '官方源', manual: '人工录入' };

export const resultSourceLabel = (source: string | null) => (source === null ? '—' : (RESULT_SOURCE_LABELS[source] ?? `按 ${source} 结果`));

const CANCEL_REASONS: Record<string, string> = { NO_RESULT: '开奖结果超时未到', OPERATOR: '人工撤单' };
export const cancelReasonLabel = (reason: string | null) => (reason === null ? '' : (CANCEL_REASONS[reason] ?? reason));

/** 'YYYY-MM-DD HH:MM:SS' Beijing time, the platform's clock for every draw. */
export const beijingTime = (at: number | null) => (at === null ? '—' : formatBeijingDateTime(at));

/** 'HH:MM:SS' for the calendar, where the day is already known. */
export const beijingClock = (at: number) => formatBeijingDateTime(at).slice(11);

export function formatLag(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} 秒`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} 分 ${seconds % 60} 秒`;
  return `${Math.floor(minutes / 60)} 小时 ${minutes % 60} 分`;
}

export const resultText = (result: readonly number[] | null) => (result === null ? '—' : result.join(','));

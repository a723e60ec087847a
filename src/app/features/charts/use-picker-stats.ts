// 遗漏 and 冷热 per row of the regular picker, from the same history the chart shows (the player's
// chart-draws count, under the draws key so a new result refreshes them). Asks for nothing while off.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { chartSupportedFor, effectiveDrawCount } from '../../../shared/charts/supported.ts';
import { pickRowReader, pickRowStats, type RowStats } from '../../../shared/charts/picker.ts';
import { isValidResult, resultFormatFor } from '../../../shared/lottery/result.ts';
import type { MethodDefinition } from '../../../shared/lottery/regular/types.ts';
import { usePreference } from '../../lib/preferences/use-preference.ts';
import { chartResultsQueryOptions } from './chart-queries.ts';

export type { RowStats };

export interface PickerStats {
  /** Per layout row: its counts, or null for a row without them. */
  rows: readonly (RowStats | null)[];
  /** The draws 冷热 counts over. */
  window: number;
  /** The draws loaded: a number missing from all of them shows as missing at least this long. */
  draws: number;
}

/** Whether any row of the method gets counts: only then is the toggle offered. */
export function hasPickerStats(drawType: string, method: MethodDefinition): boolean {
  const info = findDrawType(drawType);
  if (!info || !chartSupportedFor(info)) return false;
  return method.layout.rows.some((_, i) => pickRowReader(drawType, method, i) !== null);
}

export function usePickerStats(drawType: string, method: MethodDefinition, enabled: boolean): PickerStats | null {
  const info = findDrawType(drawType);
  const supported = info !== undefined && chartSupportedFor(info);
  const [storedCount] = usePreference('chartDrawsCount');
  const count = effectiveDrawCount(storedCount, info?.historyDrawCount ?? storedCount);
  const query = useQuery({ ...chartResultsQueryOptions(drawType, count), enabled: enabled && supported });
  const results = enabled && supported && query.data?.drawType === drawType ? query.data.results : null;
  return useMemo(() => {
    if (!results || !info) return null;
    const format = resultFormatFor(info.category, info.code);
    const newestFirst = results.flatMap((issue) => (issue.result && isValidResult(issue.result, format) ? [issue.result] : []));
    const rows = method.layout.rows.map((row, i) => {
      const reader = pickRowReader(drawType, method, i);
      return reader ? pickRowStats(reader, row.options.map((o) => o.value), newestFirst, count) : null;
    });
    return { rows, window: count, draws: newestFirst.length };
  }, [results, info, drawType, method, count]);
}

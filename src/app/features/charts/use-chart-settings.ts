// The remembered draw count and pattern (preferences, spec §3.4), applied to one draw type.
import { useCallback, useMemo } from 'react';
import { effectiveDrawCount } from '../../../shared/charts/index.ts';
import { usePreference } from '../../lib/preferences/use-preference.ts';
import { formatChartPattern, parseChartPattern, type ChartPattern } from './chart-pattern.ts';

export interface ChartSettings {
  count: number;
  setCount: (count: number) => void;
  pattern: ChartPattern;
  setPattern: (pattern: ChartPattern) => void;
}

export function useChartSettings(historyDrawCount: number, fixedCount?: number): ChartSettings {
  const [storedCount, storeCount] = usePreference('chartDrawsCount');
  const [storedPattern, storePattern] = usePreference('chartPattern');
  const pattern = useMemo(() => parseChartPattern(storedPattern), [storedPattern]);
  const setPattern = useCallback((next: ChartPattern) => storePattern(formatChartPattern(next)), [storePattern]);
  return {
    count: effectiveDrawCount(fixedCount ?? storedCount, historyDrawCount),
    setCount: storeCount,
    pattern,
    setPattern,
  };
}

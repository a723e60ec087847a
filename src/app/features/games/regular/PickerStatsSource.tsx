// Loaded only while the 遗漏冷热 switch is on: the history query and the counting stay out of the
// regular page's first load (its route budget).
import { useEffect } from 'react';
import type { MethodDefinition } from '../../../../shared/lottery/index.ts';
import { usePickerStats, type PickerStats } from '../../charts/use-picker-stats.ts';

export interface PickerStatsFor {
  /** `drawType:methodId` the counts were made for. */
  key: string;
  stats: PickerStats | null;
}

export default function PickerStatsSource({ drawType, method, onStats }: { drawType: string; method: MethodDefinition; onStats: (stats: PickerStatsFor) => void }) {
  const stats = usePickerStats(drawType, method, true);
  const key = `${drawType}:${method.id}`;
  useEffect(() => onStats({ key, stats }), [key, stats, onStats]);
  return null;
}

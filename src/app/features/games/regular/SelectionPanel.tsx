import { Button, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { MethodDefinition, PickValue } from '../../../../shared/lottery/index.ts';
import { useCapabilities } from '../../../capabilities/capabilities.tsx';
import { toastError } from '../../../lib/notify.ts';
import { usePreference } from '../../../lib/preferences/use-preference.ts';
import type { PickerStats } from '../../charts/use-picker-stats.ts';
import { NumberRow, type RowStatsView } from './NumberRow.tsx';
import type { RegularActions } from './regular-actions.ts';
import type { RegularDraft } from './regular-line.ts';
import type { PickerStatsFor } from './PickerStatsSource.tsx';
import { PositionChecks } from './PositionChecks.tsx';
import { TicketEntry } from './TicketEntry.tsx';
import { hasPickerStats } from './pick-stats-readers.ts';

const NO_PICKS: readonly PickValue[] = [];
// The counts load while the switch is on: the regular page's first load stays within its budget.
const PickerStatsSource = lazy(() => import('./PickerStatsSource.tsx'));

interface SelectionPanelProps {
  drawType: string;
  method: MethodDefinition;
  draft: RegularDraft;
  actions: RegularActions;
}

/** Per row, what NumberRow shows under its numbers (stable while the counts do not change). */
function rowStatsViews(stats: PickerStats | null, rows: number): (RowStatsView | null)[] {
  return Array.from({ length: rows }, (_, i) => {
    const row = stats?.rows[i];
    return stats && row && stats.draws > 0 ? { stats: row, draws: stats.draws } : null;
  });
}

/** The 遗漏冷热 switch (remembered) and what it means, for methods whose rows have counts. */
function PickerStatsToggle({ on, onChange, window }: { on: boolean; onChange: (on: boolean) => void; window: number }) {
  return (
    <Group gap="xs" wrap="wrap" data-testid="picker-stats-toggle">
      <Button size="compact-sm" mih={44} variant={on ? 'light' : 'default'} aria-pressed={on} onClick={() => onChange(!on)}>
        遗漏冷热
      </Button>
      {on && window > 0 && <span className="jl-pick-legend">号码下方：上为遗漏（距上次开出的期数），下为近 {window} 期开出次数</span>}
    </Group>
  );
}

/** What a method lets the player pick: 任选 positions, rows of numbers or items, and/or 单式 text. */
export function SelectionPanel({ drawType, method, draft, actions }: SelectionPanelProps) {
  const { layout } = method;
  const capabilities = useCapabilities();
  // Known with the first render: a switch that appeared once a chunk had loaded pushed the rows down.
  const chartsOn = capabilities.feature('trendChart');
  const offered = useMemo(() => chartsOn && hasPickerStats(drawType, method), [chartsOn, drawType, method]);
  const [statsOn, setStatsOn] = usePreference('pickerChartStats');
  const statsWanted = offered && statsOn;
  const [counted, setCounted] = useState<PickerStatsFor | null>(null);
  const stats = statsWanted && counted?.key === `${drawType}:${method.id}` ? counted.stats : null;
  const views = useMemo(() => rowStatsViews(stats, layout.rows.length), [stats, layout.rows.length]);
  return (
    <Stack gap="sm" data-testid="selection-panel">
      {offered && <PickerStatsToggle on={statsOn} onChange={setStatsOn} window={stats?.window ?? 0} />}
      {statsWanted && (
        <Suspense fallback={null}>
          <PickerStatsSource drawType={drawType} method={method} onStats={setCounted} />
        </Suspense>
      )}
      {layout.positions && (
        <PositionChecks choice={layout.positions} value={draft.positions} onChange={actions.setPositions} />
      )}
      {layout.rows.map((row, i) => (
        <NumberRow key={`${method.id}-${row.label}-${i}`} index={i} row={row} picked={draft.rows[i] ?? NO_PICKS} onChange={actions.setRow} onLimit={toastError} stats={views[i] ?? null} />
      ))}
      {layout.entry && (
        <TicketEntry drawType={drawType} methodId={method.id} format={layout.entry} text={draft.text} onChange={actions.setText} />
      )}
      {layout.notes.map((note) => (
        <Text key={note} size="xs" c="dimmed">
          {note}
        </Text>
      ))}
    </Stack>
  );
}

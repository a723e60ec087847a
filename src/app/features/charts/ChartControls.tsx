// The chart's options: how many issues (remembered, spec §3.4) and the display pattern.
import { Checkbox, Group, NativeSelect } from '@mantine/core';
import { chartDrawCountChoices } from '../../../shared/charts/index.ts';
import { CHART_PATTERN_OPTIONS, type ChartPattern } from './chart-pattern.ts';

interface ChartControlsProps {
  historyDrawCount: number;
  count: number;
  /** Without it the count is fixed by the embedding page and not offered. */
  onCountChange: ((count: number) => void) | null;
  pattern: ChartPattern;
  onPatternChange: (pattern: ChartPattern) => void;
}

export function ChartControls({ historyDrawCount, count, onCountChange, pattern, onPatternChange }: ChartControlsProps) {
  const offered = chartDrawCountChoices(historyDrawCount);
  // A count remembered from elsewhere that is not a step still shows as chosen.
  const choices = offered.includes(count) ? offered : [...offered, count].sort((a, b) => a - b);
  return (
    <div className="jl-chart-controls">
      {onCountChange && (
        <NativeSelect
          label="期数"
          size="xs"
          value={String(count)}
          onChange={(event) => onCountChange(Number(event.currentTarget.value))}
          data={choices.map((choice) => ({ value: String(choice), label: `近 ${choice} 期` }))}
          data-testid="chart-count"
        />
      )}
      <Group gap="sm" role="group" aria-label="显示选项">
        {CHART_PATTERN_OPTIONS.map((option) => (
          <Checkbox
            key={option.key}
            size="xs"
            label={option.label}
            checked={pattern[option.key]}
            onChange={(event) => onPatternChange({ ...pattern, [option.key]: event.currentTarget.checked })}
          />
        ))}
      </Group>
    </div>
  );
}

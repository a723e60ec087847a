import { VisuallyHidden } from '@mantine/core';
import { memo, useId } from 'react';
import { quickPickValues, type PickValue, type QuickPick, type SelectionRow } from '../../../../shared/lottery/index.ts';
import type { RowStats } from '../../charts/use-picker-stats.ts';
import './pick-stats.css';

/** 遗漏 and 冷热 of the row's options, shown under the numbers when the player turned them on. */
export interface RowStatsView {
  stats: RowStats;
  /** Draws loaded: a number missing from all of them has been missing at least this long. */
  draws: number;
}

interface NumberRowProps {
  index: number;
  row: SelectionRow;
  picked: readonly PickValue[];
  onChange: (index: number, picked: PickValue[]) => void;
  onLimit: (message: string) => void;
  stats?: RowStatsView | null;
}

/** The largest value of a list, or null when every value is the same (nothing stands out). */
function standout(values: readonly number[]): number | null {
  const max = Math.max(...values);
  return values.length > 1 && values.some((v) => v !== max) ? max : null;
}

function PickStat({ id, view, index }: { id: string; view: RowStatsView; index: number }) {
  const omission = view.stats.omission[index]!;
  const hot = view.stats.hot[index]!;
  const omissionValues = view.stats.omission.map((o) => o ?? view.draws);
  return (
    <span className="jl-pick-stat" id={id} data-testid="pick-stat" data-omission={omission ?? `${view.draws}+`} data-hot={hot}>
      <span className="jl-pick-omission" data-standout={(omission ?? view.draws) === standout(omissionValues) || undefined}>
        <VisuallyHidden>遗漏</VisuallyHidden>
        {omission ?? `${view.draws}+`}
      </span>
      <span className="jl-pick-hot" data-standout={hot === standout(view.stats.hot) || undefined}>
        <VisuallyHidden>冷热</VisuallyHidden>
        {hot}
      </span>
    </span>
  );
}

/** One row of the layout: its numbers or items as toggle buttons, and the quick picks 全大小奇偶清. */
export const NumberRow = memo(function NumberRow({ index, row, picked, onChange: change, onLimit, stats = null }: NumberRowProps) {
  const labelId = useId();
  const onChange = (next: PickValue[]) => change(index, next);
  const chosen = new Set(picked);
  const toggle = (value: PickValue) => {
    if (chosen.has(value)) return onChange(picked.filter((v) => v !== value));
    if (row.maxPicks === 1) return onChange([value]);
    if (picked.length >= row.maxPicks) return onLimit(`${row.label}最多选择${row.maxPicks}个`);
    // Keep layout order, so the selection sent reads like the board.
    const order = row.options.map((o) => o.value);
    onChange([...picked, value].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
  };
  const quick = (button: QuickPick) => onChange(quickPickValues(row, button));
  const wide = row.options.some((o) => o.label.length > 2);
  return (
    <div className="jl-pick-row" role="group" aria-labelledby={labelId} data-row={row.label}>
      <div className="jl-pick-label" id={labelId}>
        {row.label}
      </div>
      <div className="jl-pick-options" data-wide={wide || undefined} data-stats={stats ? true : undefined}>
        {row.options.map((option, i) => {
          const button = (
            <button
              key={String(option.value)}
              type="button"
              className="jl-pick"
              aria-pressed={chosen.has(option.value)}
              aria-describedby={stats ? `${labelId}-stat-${i}` : undefined}
              onClick={() => toggle(option.value)}
            >
              {option.label}
            </button>
          );
          if (!stats) return button;
          return (
            <div key={String(option.value)} className="jl-pick-cell">
              {button}
              <PickStat id={`${labelId}-stat-${i}`} view={stats} index={i} />
            </div>
          );
        })}
      </div>
      {row.quickPicks.length > 0 && (
        <div className="jl-quick-picks">
          {row.quickPicks.map((button) => (
            <button key={button} type="button" className="jl-quick" aria-label={`${row.label} ${button}`} onClick={() => quick(button)}>
              {button}
            </button>
          ))}
        </div>
      )}
    </div>
  );
});

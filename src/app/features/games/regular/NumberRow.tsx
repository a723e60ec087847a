import { memo, useId } from 'react';
import { quickPickValues, type PickValue, type QuickPick, type SelectionRow } from '../../../../shared/lottery/index.ts';

interface NumberRowProps {
  index: number;
  row: SelectionRow;
  picked: readonly PickValue[];
  onChange: (index: number, picked: PickValue[]) => void;
  onLimit: (message: string) => void;
}

/** One row of the layout: its numbers or items as toggle buttons, and the quick picks 全大小奇偶清. */
export const NumberRow = memo(function NumberRow({ index, row, picked, onChange: change, onLimit }: NumberRowProps) {
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
      <div className="jl-pick-options" data-wide={wide || undefined}>
        {row.options.map((option) => (
          <button
            key={String(option.value)}
            type="button"
            className="jl-pick"
            aria-pressed={chosen.has(option.value)}
            onClick={() => toggle(option.value)}
          >
            {option.label}
          </button>
        ))}
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

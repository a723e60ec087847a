import { memo, useId } from 'react';
import { BET_MODE_KEYS, BET_MODES, type BetMode } from '../../../../shared/money.ts';

/** 元/角/分/厘: the price of one 注 (2 元 × mode); native radios, so arrow keys move between them. */
export const ModePicker = memo(function ModePicker({ value, onChange }: { value: BetMode; onChange: (mode: BetMode) => void }) {
  const name = useId();
  return (
    <fieldset className="jl-mode-picker" data-testid="mode-picker">
      <legend>模式</legend>
      <div className="jl-mode-options">
        {BET_MODE_KEYS.map((mode) => (
          <label key={mode} className="jl-mode-option">
            <input type="radio" name={name} value={mode} checked={value === mode} onChange={() => onChange(mode)} />
            <span>{BET_MODES[mode].label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
});

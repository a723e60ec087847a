import { Group, Text } from '@mantine/core';
import { memo, useId } from 'react';
import { prizeTable } from '../../../../shared/lottery/index.ts';
import { applyMode, formatMoney, type BetMode } from '../../../../shared/money.ts';
import { rebatePercent } from '../common/prize-group.ts';

interface PrizeSliderProps {
  drawType: string;
  methodId: string;
  range: { min: number; max: number };
  playerGroup: number;
  value: number;
  mode: BetMode;
  onChange: (group: number) => void;
}

/** 奖金组 against 返点: a lower prize group pays less per win and returns the difference as rebate. */
export const PrizeSlider = memo(function PrizeSlider({ drawType, methodId, range, playerGroup, value, mode, onChange }: PrizeSliderProps) {
  const id = useId();
  const top = prizeTable(drawType, methodId, value)[0];
  const rebate = rebatePercent(playerGroup, value);
  return (
    <div className="jl-prize-slider" data-testid="prize-slider">
      <Group justify="space-between" gap="xs">
        <label htmlFor={id}>
          <Text size="sm" component="span">
            奖金组 <b>{value}</b> · 返点 <b>{rebate}</b>
          </Text>
        </label>
        {top && (
          <Text size="sm" c="dimmed">
            {top.name} {formatMoney(applyMode(top.prize, mode))}
          </Text>
        )}
      </Group>
      <input
        id={id}
        type="range"
        className="jl-range"
        min={range.min}
        max={range.max}
        step={1}
        value={value}
        disabled={range.min === range.max}
        aria-valuetext={`奖金组 ${value}，返点 ${rebate}`}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      />
    </div>
  );
});

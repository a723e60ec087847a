import { Checkbox, Group, Text } from '@mantine/core';
import type { PositionChoice } from '../../../../shared/lottery/index.ts';
import { memo } from 'react';

/** 任选: the positions the bet reads (at least k of them). */
export const PositionChecks = memo(function PositionChecks({ choice, value, onChange }: { choice: PositionChoice; value: readonly number[]; onChange: (positions: number[]) => void }) {
  return (
    <Checkbox.Group
      label="选择位置"
      description={`至少勾选 ${choice.minPositions} 个位置`}
      value={value.map(String)}
      onChange={(next) => onChange(next.map(Number).sort((a, b) => a - b))}
    >
      <Group gap="md" mt={6}>
        {choice.labels.map((label, i) => (
          <Checkbox key={label} value={String(i)} label={label} />
        ))}
      </Group>
      {value.length < choice.minPositions && (
        <Text size="xs" className="jl-danger" mt={4}>
          还需勾选 {choice.minPositions - value.length} 个位置
        </Text>
      )}
    </Checkbox.Group>
  );
});

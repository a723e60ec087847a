import { Button, Group, Stack, Text } from '@mantine/core';
import { memo, useId } from 'react';
import type { MethodTreeGroup } from '../../../../shared/lottery/index.ts';

interface MethodPickerProps {
  tree: readonly MethodTreeGroup[];
  groupName: string;
  methodId: string;
  onGroup: (name: string) => void;
  onMethod: (id: string) => void;
}

/** 玩法: group → sub-group → method, as toggle buttons (every one reachable by Tab and Enter). */
export const MethodPicker = memo(function MethodPicker({ tree, groupName, methodId, onGroup, onMethod }: MethodPickerProps) {
  const groupsLabel = useId();
  const group = tree.find((g) => g.name === groupName) ?? tree[0];
  return (
    <Stack gap="xs" data-testid="method-picker">
      <Text id={groupsLabel} className="jl-visually-hidden">
        玩法分组
      </Text>
      <div role="group" aria-labelledby={groupsLabel} className="jl-scroll-row" data-testid="method-groups">
        {tree.map((g) => (
          <Button
            key={g.name}
            size="compact-sm"
            variant={g.name === group?.name ? 'filled' : 'default'}
            aria-pressed={g.name === group?.name}
            onClick={() => onGroup(g.name)}
          >
            {g.name}
          </Button>
        ))}
      </div>
      {group?.subGroups.map((sub) => (
        <Group key={sub.name} gap={6} wrap="wrap" role="group" aria-label={`${group.name}${sub.name}`} className="jl-subgroup">
          <Text size="sm" c="dimmed" className="jl-subgroup-label" aria-hidden="true">
            {sub.name}
          </Text>
          {sub.methods.map((m) => (
            <Button
              key={m.id}
              size="compact-sm"
              variant={m.id === methodId ? 'light' : 'subtle'}
              color={m.id === methodId ? undefined : 'gray'}
              aria-pressed={m.id === methodId}
              data-method-id={m.id}
              onClick={() => onMethod(m.id)}
            >
              {m.name}
            </Button>
          ))}
        </Group>
      ))}
    </Stack>
  );
});

import { Group, Select, Stack, Text } from '@mantine/core';
import { PROTECTION_PATHS, REALITY_CHECK_MINUTES } from '../../../shared/api/accounts.ts';
import { useProtectionAction } from './use-protection-action.ts';

const OFF = 'off';
const OPTIONS = [{ value: OFF, label: '不提醒' }, ...REALITY_CHECK_MINUTES.map((minutes) => ({ value: String(minutes), label: `每 ${minutes} 分钟` }))];

/** The reality-check interval: a reminder of the session time every N minutes. */
export function RealityCheckSetting({ minutes }: { minutes: number | null }) {
  const save = useProtectionAction<{ minutes: number | null }>(PROTECTION_PATHS.realityCheck, '提醒间隔已保存');
  return (
    <Stack gap="xs" data-testid="reality-check-setting">
      <Text fw={500}>游戏时间提醒</Text>
      <Text size="sm" c="dimmed">
        按设定的间隔提醒本次登录已游戏的时长和输赢。
      </Text>
      <Group>
        <Select
          aria-label="提醒间隔"
          data={OPTIONS}
          value={minutes === null ? OFF : String(minutes)}
          allowDeselect={false}
          disabled={save.isPending}
          onChange={(value) => save.mutate({ minutes: value === null || value === OFF ? null : Number(value) })}
          w={180}
        />
      </Group>
    </Stack>
  );
}

import { Divider, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LIMIT_KINDS, LIMIT_PERIODS } from '../../../shared/api/accounts.ts';
import { ExclusionControls } from './ExclusionControls.tsx';
import { LimitRow } from './LimitRow.tsx';
import { protectionQueryOptions } from './protection-queries.ts';
import { RealityCheckSetting } from './RealityCheckSetting.tsx';

/** Decisions §8 player protection: limits, cooling-off, self-exclusion, reality check. */
export function ProtectionSettings() {
  const status = useQuery(protectionQueryOptions()).data;
  if (!status) return <Loader size="sm" />;
  return (
    <Stack gap="md" data-testid="protection-settings">
      <Title order={3} size="h4">
        充值与亏损限额
      </Title>
      <Text size="sm" c="dimmed">
        限额按北京时间的自然日、周（周一起）、月计算。降低或首次设置限额立即生效；提高或取消限额需等待 24 小时后生效。
      </Text>
      {LIMIT_KINDS.flatMap((kind) =>
        LIMIT_PERIODS.map((period) => {
          const limit = status.limits.find((l) => l.kind === kind && l.period === period) ?? {
            kind,
            period,
            amount: null,
            pending: null,
            used: 0,
            periodStartsAt: 0,
          };
          return <LimitRow key={`${kind}-${period}`} limit={limit} />;
        }),
      )}
      <Divider />
      <RealityCheckSetting minutes={status.realityCheckMinutes} />
      <Divider />
      <ExclusionControls status={status} />
    </Stack>
  );
}

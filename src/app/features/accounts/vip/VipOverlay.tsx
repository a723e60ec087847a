import { Alert, Card, Group, List, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { VIP_LEVEL_NAMES, type VipOverview } from '../../../../shared/api/vip.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';
import { VipBadge } from '../../../components/header/VipBadge.tsx';
import { useOnline } from '../../../lib/online.ts';
import { QueryState } from '../../agent/team/QueryState.tsx';
import { LastKnownAge } from '../../games/common/LastKnownAge.tsx';
import { useCurrentCustomer } from '../../session/use-current-customer.ts';
import { levelLines } from './vip-levels.ts';
import { vipOverviewQueryOptions } from './vip-queries.ts';

function ProgressCard({ overview }: { overview: VipOverview }) {
  const { progress } = overview;
  if (!progress.nextLevel) {
    return <Alert color="yellow" data-testid="vip-progress">您已是最高等级 {VIP_LEVEL_NAMES[overview.level]}</Alert>;
  }
  const needs = [
    progress.turnoverNeeded !== null ? `再投注 ${formatMoney(progress.turnoverNeeded)}` : null,
    progress.depositsNeeded !== null ? `再充值 ${formatMoney(progress.depositsNeeded)}` : null,
  ].filter(Boolean);
  return (
    <Card withBorder padding="md" data-testid="vip-progress">
      <Group justify="space-between" mb={4}>
        <Text size="sm">升级到 {VIP_LEVEL_NAMES[progress.nextLevel]}</Text>
        <Text size="sm" fw={600} data-testid="vip-progress-percent">{progress.percent}%</Text>
      </Group>
      <Progress value={progress.percent} aria-label="升级进度" />
      <Text size="xs" c="dimmed" mt={6}>
        本月（{overview.month}）有效投注 {formatMoney(overview.turnover)}，充值 {formatMoney(overview.deposits)}；{needs.join(' 或 ')}即可升级
      </Text>
    </Card>
  );
}

/** `/account/vip`: the player's level, progress to the next, what each level asks and brings, bonuses received. */
export function VipOverlay() {
  const customer = useCurrentCustomer();
  const online = useOnline();
  const query = useQuery(vipOverviewQueryOptions());
  const overview = query.data;
  const current = customer?.vipLevel ?? overview?.level ?? 'NOT_VIP';
  return (
    <OverlayFrame title="VIP 等级">
      <Stack gap="md" data-testid="vip-overlay">
        <Group gap="xs">
          <Text>
            您当前的等级：<span data-testid="vip-current-level">{VIP_LEVEL_NAMES[current]}</span>
          </Text>
          <VipBadge level={current} />
        </Group>
        {!overview ? (
          <QueryState query={query} offlineText="VIP 信息需要联网后才能加载" />
        ) : (
          <>
            {!online && <LastKnownAge fetchedAt={query.dataUpdatedAt} testId="vip-last-known" />}
            <ProgressCard overview={overview} />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {overview.levels.map((rules) => (
                <Card key={rules.level} withBorder padding="md" data-testid={`vip-level-${rules.level}`} data-current={rules.level === current}>
                  <Text fw={600} mb="xs">
                    {VIP_LEVEL_NAMES[rules.level]}
                    {rules.level === current ? '（当前）' : ''}
                  </Text>
                  <List size="sm" spacing={4}>
                    {levelLines(rules).map((line) => (
                      <List.Item key={line}>{line}</List.Item>
                    ))}
                  </List>
                </Card>
              ))}
            </SimpleGrid>
            {overview.bonuses.length > 0 && (
              <Table data-testid="vip-bonuses">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>月份</Table.Th>
                    <Table.Th>等级</Table.Th>
                    <Table.Th>月礼金</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {overview.bonuses.map((bonus) => (
                    <Table.Tr key={bonus.month}>
                      <Table.Td>{bonus.month}</Table.Td>
                      <Table.Td>{VIP_LEVEL_NAMES[bonus.level]}</Table.Td>
                      <Table.Td>{formatMoney(bonus.amount)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </>
        )}
        <Text size="xs" c="dimmed">
          等级每月 1 日按上月有效投注或充值评定（北京时间）；月内达到更高等级时即时升级。
        </Text>
      </Stack>
    </OverlayFrame>
  );
}

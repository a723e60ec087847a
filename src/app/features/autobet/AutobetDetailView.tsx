// One autobet: what was planned, how far it got, its entries, and stopping what remains.
import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { AutobetDetail } from '../../../shared/api/autobet.ts';
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { formatBeijingDateTime } from '../../../shared/draws/index.ts';
import { formatMoney } from '../../../shared/money.ts';
import { asRouteHref } from '../../capabilities/capabilities.tsx';
import { AUTOBET_STATUS_COLORS, AUTOBET_STATUS_LABELS, describePlan } from './autobet-labels.ts';
import { AutobetEntriesTable } from './AutobetEntriesTable.tsx';
import { StopAutobetButton } from './StopAutobetButton.tsx';

function Amount({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

export function AutobetDetailView({ autobet }: { autobet: AutobetDetail }) {
  const info = findDrawType(autobet.drawType);
  const name = info?.name ?? autobet.drawType;
  const listHref = `/account/autobet/${info?.product === 'DICE' ? 'dice' : 'lottery'}`;
  const remaining = autobet.entries.filter((entry) => entry.status === 'PENDING').length;
  return (
    <Stack gap="md" data-testid="autobet-detail-view" data-status={autobet.status}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{name}</Text>
        <Badge variant="light">{autobet.playMode === 'REGULAR' ? '标准' : '盘面'}</Badge>
        <Badge variant="filled" color={AUTOBET_STATUS_COLORS[autobet.status]} data-testid="autobet-status">
          {AUTOBET_STATUS_LABELS[autobet.status]}
        </Badge>
      </Group>
      <Text size="sm">{describePlan(autobet.plan)}</Text>
      <Text size="xs" c="dimmed">
        追号编号 {autobet.autobetId} · 创建于 {formatBeijingDateTime(autobet.createdAt)} · {autobet.stopOnWin ? '中奖后停止' : '中奖后继续'}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Amount label="进度" value={`${autobet.placedCount} / ${autobet.issueCount} 期`} testId="autobet-progress" />
        <Amount label="计划金额" value={formatMoney(autobet.totalPlanned)} testId="autobet-planned" />
        <Amount label="已投注" value={formatMoney(autobet.totalStaked)} testId="autobet-staked" />
        <Amount label="派奖" value={formatMoney(autobet.totalPayout)} testId="autobet-payout" />
      </SimpleGrid>
      {autobet.status === 'ONGOING' && remaining > 0 && <StopAutobetButton autobetId={autobet.autobetId} remaining={remaining} />}
      <AutobetEntriesTable entries={autobet.entries} />
      <Anchor component={Link} to={asRouteHref(listHref)} size="sm" data-testid="autobet-list-link">
        全部追号记录
      </Anchor>
    </Stack>
  );
}

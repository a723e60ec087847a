// `/account/autobet/{tab}` (spec §2.1): the player's autobets for lotteries or dice, newest first;
// each opens its detail (root overlay).
import { Alert, Badge, Center, Group, Loader, Pagination, Stack, Tabs, Text } from '@mantine/core';
import '@mantine/core/styles/Pagination.css';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { AutobetSummary } from '../../../shared/api/autobet.ts';
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { formatBeijingDateTime } from '../../../shared/draws/index.ts';
import { formatMoney } from '../../../shared/money.ts';
import { OverlayFrame } from '../../components/shell/OverlayFrame.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { AUTOBET_STATUS_COLORS, AUTOBET_STATUS_LABELS } from './autobet-labels.ts';
import { autobetListQueryOptions, isAutobetTab, type AutobetTab } from './autobet-queries.ts';
import { useOpenAutobetDetail } from './use-autobet-navigation.ts';
import './autobet.css';

const TAB_LABELS: Record<AutobetTab, string> = { lottery: '彩票追号', dice: '骰宝追号' };

function AutobetItem({ autobet }: { autobet: AutobetSummary }) {
  const openDetail = useOpenAutobetDetail();
  const name = findDrawType(autobet.drawType)?.name ?? autobet.drawType;
  return (
    <button type="button" className="jl-autobet-item" onClick={() => openDetail(autobet.autobetId)} data-testid="autobet-item">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {name} · {autobet.playMode === 'REGULAR' ? '标准' : '盘面'}
        </Text>
        <Badge variant="filled" color={AUTOBET_STATUS_COLORS[autobet.status]}>
          {AUTOBET_STATUS_LABELS[autobet.status]}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {formatBeijingDateTime(autobet.createdAt)} · 进度 {autobet.placedCount}/{autobet.issueCount} 期
      </Text>
      <Text size="xs" mt={2} style={{ fontVariantNumeric: 'tabular-nums' }}>
        计划 {formatMoney(autobet.totalPlanned)} · 已投注 {formatMoney(autobet.totalStaked)} · 派奖 {formatMoney(autobet.totalPayout)}
      </Text>
    </button>
  );
}

function AutobetList({ tab, page }: { tab: AutobetTab; page: number }) {
  const navigate = useNavigate();
  const query = useQuery(autobetListQueryOptions(tab, page));
  if (query.isError && !query.data) {
    return (
      <Alert color="red" title="加载失败">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  if (!query.data) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="加载中" />
      </Center>
    );
  }
  const { items, total, pageSize } = query.data;
  if (items.length === 0) return <Text c="dimmed">暂无追号记录</Text>;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Stack gap="xs" data-testid="autobet-list">
      {items.map((autobet) => (
        <AutobetItem key={autobet.autobetId} autobet={autobet} />
      ))}
      {pages > 1 && (
        <Center>
          <Pagination
            total={pages}
            value={page}
            size="sm"
            onChange={(next) => void navigate({ to: '.', search: (previous) => ({ ...previous, page: next > 1 ? next : undefined }), replace: true })}
            getControlProps={(control) => ({ 'aria-label': control === 'previous' ? '上一页' : control === 'next' ? '下一页' : control === 'first' ? '第一页' : '最后一页' })}
            getItemProps={(item) => ({ 'aria-label': `第 ${item} 页` })}
          />
        </Center>
      )}
    </Stack>
  );
}

export function AutobetListOverlay({ tab, page }: { tab: AutobetTab; page: number }) {
  const navigate = useNavigate();
  return (
    <OverlayFrame title="追号记录">
      <Tabs
        value={tab}
        onChange={(next) => {
          if (isAutobetTab(next)) void navigate({ to: '/account/autobet/{-$tab}', params: { tab: next }, replace: true });
        }}
      >
        <Tabs.List mb="sm">
          {(Object.keys(TAB_LABELS) as AutobetTab[]).map((key) => (
            <Tabs.Tab key={key} value={key}>
              {TAB_LABELS[key]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <AutobetList tab={tab} page={page} />
    </OverlayFrame>
  );
}

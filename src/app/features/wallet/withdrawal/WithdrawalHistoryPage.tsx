// /wallet/withdrawal-history: the player's withdrawals of the last 30 days, filtered by status and
// date, a page at a time; pending ones can be cancelled. Live `paymentStatus` events refetch it.
import '@mantine/core/styles/Pagination.css';
import { Alert, Anchor, Button, Group, Loader, NativeSelect, Pagination, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { WithdrawalHistory } from '../../../../shared/api/withdrawals.ts';
import type { PaymentStatus } from '../../../../shared/enums.ts';
import { PAYMENT_STATUS_TEXT } from '../../../../shared/wallet/payment-status.ts';
import { errorMessage } from '../../../lib/api/errors.ts';
import { DATE_PRESETS, HISTORY_STATUSES, historyQuery, historyWindow, presetRange, type DatePreset, type HistoryFilters } from './history-filters.ts';
import { withdrawalHistoryQueryOptions } from './withdrawal-queries.ts';
import { WithdrawalRow } from './WithdrawalRow.tsx';

const STATUS_OPTIONS = [{ value: '', label: '全部状态' }, ...HISTORY_STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS_TEXT[status] }))];

export function WithdrawalHistoryPage() {
  const [filters, setFilters] = useState<HistoryFilters>({ page: 1 });
  const change = (next: Partial<HistoryFilters>) => setFilters((current) => ({ ...current, page: 1, ...next }));
  const now = Date.now();
  const { min, max } = historyWindow(now);
  const query = useQuery({ ...withdrawalHistoryQueryOptions(historyQuery(filters, now)), placeholderData: keepPreviousData });
  return (
    <Stack gap="md" maw={640} data-testid="withdrawal-history-page">
      <Group justify="space-between">
        <Title order={1} size="h3">
          提现记录
        </Title>
        <Anchor component={Link} to="/wallet/withdrawal/{-$tab}" size="sm">
          去提现
        </Anchor>
      </Group>
      <div data-testid="withdrawal-filters">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <NativeSelect
            label="状态"
            data={STATUS_OPTIONS}
            value={filters.status ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              change(value ? { status: value as PaymentStatus } : { status: undefined });
            }}
            data-testid="filter-status"
          />
          <TextInput label="开始日期" type="date" min={min} max={max} value={filters.from ?? ''} onChange={(event) => change({ from: event.currentTarget.value || undefined })} />
          <TextInput label="结束日期" type="date" min={min} max={max} value={filters.to ?? ''} onChange={(event) => change({ to: event.currentTarget.value || undefined })} />
        </SimpleGrid>
        <Group gap={4} mt="xs" role="group" aria-label="日期范围（北京时间）">
          {(Object.keys(DATE_PRESETS) as DatePreset[]).map((preset) => {
            const range = presetRange(preset, now);
            const active = filters.from === range.from && filters.to === range.to;
            return (
              <Button key={preset} size="compact-sm" variant={active ? 'filled' : 'default'} aria-pressed={active} onClick={() => change(range)}>
                {DATE_PRESETS[preset].label}
              </Button>
            );
          })}
        </Group>
      </div>
      <HistoryList query={query} onPage={(page) => setFilters((current) => ({ ...current, page }))} />
    </Stack>
  );
}

function HistoryList({ query, onPage }: { query: UseQueryResult<WithdrawalHistory>; onPage: (page: number) => void }) {
  const data = query.data;
  if (!data) {
    if (query.isError) return <Alert color="red">{errorMessage(query.error)}</Alert>;
    if (query.fetchStatus === 'paused') return <Alert title="网络已断开">联网后即可查看提现记录</Alert>;
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" aria-label="加载中" />
      </Group>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      {data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="withdrawal-history-empty">
          暂无提现记录
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching} data-testid="withdrawal-list">
          {data.items.map((withdrawal) => (
            <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />
          ))}
        </Stack>
      )}
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid="withdrawal-history-total">
          共 {data.total} 条
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={data.page}
            onChange={onPage}
            size="sm"
            siblings={1}
            getControlProps={(control) => ({ 'aria-label': control === 'previous' ? '上一页' : control === 'next' ? '下一页' : control === 'first' ? '第一页' : '最后一页' })}
            getItemProps={(page) => ({ 'aria-label': `第 ${page} 页` })}
          />
        )}
      </Group>
    </>
  );
}

// /wallet/deposit-history (non-trial): the player's deposits of the last 30 days (spec §9), filtered by
// status and Beijing date, a page at a time. Live `paymentStatus` events refetch it (the keys sit under
// the wallet root), so a payment made at the cashier shows up here on its own.
import '@mantine/core/styles/Pagination.css';
import { Alert, Anchor, Group, Loader, NativeSelect, Pagination, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { statementRangeProblem, statementWindow } from '../../../../shared/api/wallet.ts';
import type { PaymentStatus } from '../../../../shared/enums.ts';
import { DEPOSIT_STATUS_TEXT } from '../../../../shared/wallet/payment-status.ts';
import { errorMessage } from '../../../lib/api/errors.ts';
import { depositHistoryQueryOptions } from './deposit-queries.ts';
import { DepositRow } from './DepositRow.tsx';

export const DEPOSIT_HISTORY_PAGE_SIZE = 10;
const FILTER_STATUSES: readonly PaymentStatus[] = ['PENDING', 'WAITING_FOR_AUDIT', 'SUCCESS', 'PARTIAL_SUCCESS', 'FAILED', 'AUDIT_NOT_PASSED', 'CANCELLED'];
const STATUS_OPTIONS = [{ value: '', label: '全部状态' }, ...FILTER_STATUSES.map((status) => ({ value: status, label: DEPOSIT_STATUS_TEXT[status] }))];

interface Filters {
  status?: PaymentStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}

export function DepositHistoryPage() {
  const [filters, setFilters] = useState<Filters>({ page: 1 });
  const change = (next: Partial<Filters>) => setFilters((current) => ({ ...current, page: 1, ...next }));
  const now = Date.now();
  const range = statementWindow(now);
  const problem = statementRangeProblem(filters, now);
  const query = useQuery({
    ...depositHistoryQueryOptions({ ...filters, pageSize: DEPOSIT_HISTORY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    enabled: problem === null,
  });
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Stack gap="md" maw={640} data-testid="deposit-history-page">
      <Group justify="space-between">
        <Title order={1} size="h3">
          充值记录
        </Title>
        <Anchor component={Link} to="/wallet/deposit" size="sm">
          去充值
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" data-testid="deposit-filters">
        <NativeSelect
          label="状态"
          data={STATUS_OPTIONS}
          value={filters.status ?? ''}
          onChange={(event) => change({ status: (event.currentTarget.value || undefined) as PaymentStatus | undefined })}
          data-testid="deposit-filter-status"
        />
        <TextInput label="开始日期" type="date" min={range.earliest} max={range.today} value={filters.from ?? ''} onChange={(event) => change({ from: event.currentTarget.value || undefined })} />
        <TextInput label="结束日期" type="date" min={range.earliest} max={range.today} value={filters.to ?? ''} onChange={(event) => change({ to: event.currentTarget.value || undefined })} />
      </SimpleGrid>
      {problem ? (
        <Alert color="orange" data-testid="deposit-filter-problem">
          {problem.message.replace('交易记录', '充值记录')}
        </Alert>
      ) : !data ? (
        query.isError ? (
          <Alert color="red">{errorMessage(query.error)}</Alert>
        ) : query.fetchStatus === 'paused' ? (
          <Alert title="网络已断开">联网后即可查看充值记录</Alert>
        ) : (
          <Group justify="center" py="xl">
            <Loader size="sm" aria-label="加载中" />
          </Group>
        )
      ) : (
        <>
          {data.items.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl" data-testid="deposit-history-empty">
              暂无充值记录
            </Text>
          ) : (
            <Stack component="ul" gap="xs" m={0} p={0} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching} data-testid="deposit-list">
              {data.items.map((deposit) => (
                <DepositRow key={deposit.id} deposit={deposit} />
              ))}
            </Stack>
          )}
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed" data-testid="deposit-history-total">
              共 {data.total} 条
            </Text>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={data.page}
                onChange={(page) => setFilters((current) => ({ ...current, page }))}
                size="sm"
                siblings={1}
                getControlProps={(control) => ({ 'aria-label': control === 'previous' ? '上一页' : control === 'next' ? '下一页' : control === 'first' ? '第一页' : '最后一页' })}
                getItemProps={(page) => ({ 'aria-label': `第 ${page} 页` })}
              />
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}

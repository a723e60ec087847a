// 佣金批次: every commission run (newest first) with its totals; a link to its per-member detail.
import { Badge, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { COMMISSION_RUN_STATUS_NAMES } from '../../../shared/api/agent-commission.ts';
import { RUNS_PAGE_SIZE, type CommissionRun } from '../../../shared/backoffice/agent-commission.ts';
import { formatMoneyGrouped } from '../../../shared/money.ts';
import { PagedTable, type Column } from '../../components/PagedTable.tsx';
import { ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { BoLink } from '../../lib/navigation.tsx';
import { runsQuery } from './queries.ts';

export const RUN_STATUS_COLORS = { RUNNING: 'blue', COMPLETED: 'green', STOPPED: 'red' } as const;

const columns: Column<CommissionRun>[] = [
  { key: 'id', title: '批次', render: (r) => <BoLink to={`/agents/commission/${r.id}`} data-testid="commission-run-link">{r.id}</BoLink> },
  { key: 'status', title: '状态', render: (r) => <Badge color={RUN_STATUS_COLORS[r.status]}>{COMMISSION_RUN_STATUS_NAMES[r.status]}</Badge> },
  { key: 'orders', title: '注单数', render: (r) => r.orders },
  { key: 'stake', title: '投注额', render: (r) => formatMoneyGrouped(r.stake) },
  { key: 'amount', title: '发放佣金', render: (r) => formatMoneyGrouped(r.amount) },
  { key: 'transfers', title: '代理数', render: (r) => r.transfers },
  { key: 'startedAt', title: '开始时间', render: (r) => formatDateTime(r.startedAt) },
  { key: 'finishedAt', title: '结束时间', render: (r) => formatDateTime(r.finishedAt) },
];

export default function CommissionRunsPage() {
  const [page, setPage] = useState(1);
  const list = useQuery({ ...runsQuery(page), placeholderData: keepPreviousData });
  return (
    <Stack>
      <Title order={3}>佣金批次</Title>
      {list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <PagedTable
          label="佣金批次"
          columns={columns}
          rows={list.data.items}
          rowKey={(r) => r.id}
          total={list.data.total}
          page={page}
          pageSize={RUNS_PAGE_SIZE}
          onPage={setPage}
          empty="暂无佣金批次"
        />
      )}
    </Stack>
  );
}

import '@mantine/core/styles/Pagination.css';
import { Alert, Group, Loader, Pagination, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api/errors.ts';
import { statementQuery, type StatementFilters } from './statement-filters.ts';
import { transactionListQueryOptions } from './statement-queries.ts';
import { TransactionRow } from './TransactionRow.tsx';

/** The entries of the filters' page, newest first, with the pager. */
export function StatementList({ filters, onPage }: { filters: StatementFilters; onPage: (page: number) => void }) {
  const query = useQuery(transactionListQueryOptions(statementQuery(filters)));
  const data = query.data;
  if (!data) {
    if (query.isError) return <Alert color="red">{errorMessage(query.error)}</Alert>;
    if (query.fetchStatus === 'paused') return <Alert title="网络已断开">联网后即可查看交易记录</Alert>;
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" aria-label="加载中" />
      </Group>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      {query.isError && <Alert color="red">{errorMessage(query.error)}</Alert>}
      {data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="statement-empty">
          暂无交易记录
        </Text>
      ) : (
        <ul style={{ margin: 0, padding: 0, opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching} data-testid="statement-list">
          {data.items.map((entry) => (
            <TransactionRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" data-testid="statement-total">
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
            data-testid="statement-pagination"
          />
        )}
      </Group>
    </>
  );
}

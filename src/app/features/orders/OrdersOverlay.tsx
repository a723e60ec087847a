import '@mantine/core/styles/Pagination.css';
import { Alert, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { OverlayFrame } from '../../components/shell/OverlayFrame.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { useOpenOrderDetail } from './order-detail-search.ts';
import { orderListQuery, type OrderFilters } from './order-filters.ts';
import { orderListQueryOptions } from './order-queries.ts';
import { OrderFiltersBar } from './OrderFiltersBar.tsx';
import { OrderRow } from './OrderRow.tsx';
import { OrderTotals } from './OrderTotals.tsx';

/** `/account/order`: the player's orders, filtered and paged; a row opens the order detail. */
export function OrdersOverlay({ filters, onFiltersChange }: { filters: OrderFilters; onFiltersChange: (change: Partial<OrderFilters>) => void }) {
  return (
    <OverlayFrame title="投注记录">
      <Stack gap="sm" data-testid="orders-overlay">
        <OrderFiltersBar filters={filters} onChange={onFiltersChange} />
        <OrderListSection filters={filters} onPage={(page) => onFiltersChange({ page })} />
      </Stack>
    </OverlayFrame>
  );
}

function OrderListSection({ filters, onPage }: { filters: OrderFilters; onPage: (page: number) => void }) {
  const query = useQuery(orderListQueryOptions(orderListQuery(filters)));
  const openDetail = useOpenOrderDetail();
  const data = query.data;
  if (!data) {
    if (query.isError) return <Alert color="red">{errorMessage(query.error)}</Alert>;
    if (query.fetchStatus === 'paused') return <Alert title="网络已断开">联网后即可查看投注记录</Alert>;
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" aria-label="加载中" />
      </Group>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      {data.totals && data.items.length > 0 && <OrderTotals totals={data.totals} />}
      {data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="orders-empty">
          暂无投注记录
        </Text>
      ) : (
        <ul style={{ margin: 0, padding: 0, opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching} data-testid="order-list">
          {data.items.map((order) => (
            <OrderRow key={order.orderId} order={order} onOpen={openDetail} />
          ))}
        </ul>
      )}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" data-testid="orders-total">
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
            data-testid="orders-pagination"
          />
        )}
      </Group>
    </>
  );
}

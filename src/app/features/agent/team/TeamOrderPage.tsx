import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { UsernameSearchSchema } from '../../../../shared/api/agent-team.ts';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';
import { toastError } from '../../../lib/notify.ts';
import { applyFilterChange, orderListQuery, type OrderFilters } from '../../orders/order-filters.ts';
import { OrderFiltersBar } from '../../orders/OrderFiltersBar.tsx';
import { OrderRow } from '../../orders/OrderRow.tsx';
import { OrderTotals } from '../../orders/OrderTotals.tsx';
import { QueryState } from './QueryState.tsx';
import { teamOrderListQueryOptions } from './team-queries.ts';
import { TeamPager } from './TeamPager.tsx';

const TeamOrderDialog = lazy(() => import('./TeamOrderDialog.tsx'));

/** `/agent/team-order`: the team's orders, read-only, with the player's order filters and a member filter. */
export function TeamOrderPage() {
  const [filters, setFilters] = useState<OrderFilters>({});
  const [username, setUsername] = useState<string | undefined>();
  const [typed, setTyped] = useState('');
  const [openOrder, setOpenOrder] = useState<string | null>(null);
  const change = (patch: Partial<OrderFilters>) => setFilters((current) => applyFilterChange(current, patch));
  const applyMember = () => {
    const parsed = UsernameSearchSchema.safeParse(typed);
    if (!parsed.success) return toastError(parsed.error.issues[0]?.message ?? '用户名格式有误');
    setUsername(parsed.data);
    change({});
  };
  return (
    <OverlayFrame title="团队投注">
      <Stack gap="sm" data-testid="agent-team-order">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            applyMember();
          }}
          role="search"
          aria-label="按会员筛选"
        >
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label="会员用户名"
              placeholder="全部会员"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              data-testid="team-order-member"
            />
            <Button type="submit">筛选</Button>
          </Group>
        </form>
        <OrderFiltersBar filters={filters} onChange={change} />
        <TeamOrderList filters={filters} username={username} onPage={(page) => change({ page })} onOpen={setOpenOrder} />
      </Stack>
      {openOrder !== null && (
        <Suspense fallback={null}>
          <TeamOrderDialog orderId={openOrder} onClose={() => setOpenOrder(null)} />
        </Suspense>
      )}
    </OverlayFrame>
  );
}

function TeamOrderList({ filters, username, onPage, onOpen }: { filters: OrderFilters; username: string | undefined; onPage: (page: number) => void; onOpen: (id: string) => void }) {
  const query = useQuery(teamOrderListQueryOptions({ ...orderListQuery(filters), ...(username ? { username } : {}) }));
  const data = query.data;
  if (!data) return <QueryState query={query} offlineText="联网后即可查看团队投注" />;
  return (
    <>
      {data.totals && data.items.length > 0 && <OrderTotals totals={data.totals} />}
      {data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="team-orders-empty">
          暂无投注记录
        </Text>
      ) : (
        <ul style={{ margin: 0, padding: 0, opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching} data-testid="team-order-list">
          {data.items.map((order) => (
            <li key={order.orderId} style={{ listStyle: 'none' }} data-username={order.username} data-testid="team-order">
              <Text size="xs" c="dimmed" mt={6}>
                会员 {order.username}
              </Text>
              <ul style={{ margin: 0, padding: 0 }}>
                <OrderRow order={order} onOpen={onOpen} />
              </ul>
            </li>
          ))}
        </ul>
      )}
      <TeamPager total={data.total} page={data.page} pageSize={data.pageSize} onPage={onPage} testId="team-orders" />
    </>
  );
}

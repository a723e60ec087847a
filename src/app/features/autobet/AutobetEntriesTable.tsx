// The entries of an autobet: one issue each, with its status and, once placed, its order.
import { Anchor, Badge, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import type { AutobetDetail } from '../../../shared/api/autobet.ts';
import { formatMoney } from '../../../shared/money.ts';
import { useCapabilities } from '../../capabilities/capabilities.tsx';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../orders/order-labels.ts';
import { useOpenOrderDetail } from '../orders/order-detail-search.ts';
import { ENTRY_STATUS_COLORS, ENTRY_STATUS_LABELS } from './autobet-labels.ts';

type Entry = AutobetDetail['entries'][number];

function orderStatusLabel(status: string | null): string | null {
  return status !== null && Object.hasOwn(ORDER_STATUS_LABELS, status) ? ORDER_STATUS_LABELS[status as OrderStatus] : null;
}

function OrderCell({ entry }: { entry: Entry }) {
  const openOrder = useOpenOrderDetail();
  const canOpen = useCapabilities().feature('orderDetail');
  if (entry.orderId === null) return <>—</>;
  const status = orderStatusLabel(entry.orderStatus);
  const text = `${status ?? '已下单'}${entry.payout > 0 ? ` ${formatMoney(entry.payout)}` : ''}`;
  if (!canOpen) return <>{text}</>;
  return (
    <Anchor component="button" type="button" size="xs" onClick={() => openOrder(entry.orderId!)} data-testid="entry-order">
      {text}
    </Anchor>
  );
}

export function AutobetEntriesTable({ entries }: { entries: readonly Entry[] }) {
  return (
    <div className="jl-autobet-entries">
      <Table striped withTableBorder fz="xs" verticalSpacing={4} horizontalSpacing={6} data-testid="autobet-entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>序号</Table.Th>
            <Table.Th>期号</Table.Th>
            <Table.Th>倍数</Table.Th>
            <Table.Th>金额</Table.Th>
            <Table.Th>状态</Table.Th>
            <Table.Th>订单</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.seq} data-testid="autobet-entry" data-status={entry.status}>
              <Table.Td>{entry.seq}</Table.Td>
              <Table.Td>{entry.issueNumber}</Table.Td>
              <Table.Td>{entry.multiplier}</Table.Td>
              <Table.Td>{formatMoney(entry.stake)}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="filled" color={ENTRY_STATUS_COLORS[entry.status]}>
                  {ENTRY_STATUS_LABELS[entry.status]}
                </Badge>
                {entry.note && (
                  <Text size="xs" c="dimmed">
                    {entry.note}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <OrderCell entry={entry} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

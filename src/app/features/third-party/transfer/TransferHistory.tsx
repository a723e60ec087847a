// 转账记录: the player's transfers, newest first, with their status (确认中 while in doubt).
import '@mantine/core/styles/Pagination.css';
import { Alert, Badge, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TRANSFER_STATUS_LABELS, type Transfer } from '../../../../shared/api/third-party.ts';
import { formatBeijingDateTime } from '../../../../shared/draws/schedule/beijing-time.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { errorMessage } from '../../../lib/api/errors.ts';
import { PROVIDER_NAMES } from '../../games/menu-model.ts';
import { transferListQueryOptions } from '../third-party-queries.ts';

const STATUS_COLOURS = { PENDING: 'blue', SUCCESS: 'green', FAILED: 'red', IN_DOUBT: 'yellow' } as const;

function TransferRow({ transfer }: { transfer: Transfer }) {
  const into = transfer.direction === 'IN';
  return (
    <li
      style={{ listStyle: 'none', padding: '10px 0', borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-testid="transfer-row"
      data-direction={transfer.direction}
      data-status={transfer.status}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {into ? `主钱包 → ${PROVIDER_NAMES[transfer.provider]}` : `${PROVIDER_NAMES[transfer.provider]} → 主钱包`}
          </Text>
          <Text size="xs" c="dimmed">
            {formatBeijingDateTime(Date.parse(transfer.createdAt))}
          </Text>
        </Stack>
        <Stack gap={2} align="flex-end">
          <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="transfer-amount-cell">
            {formatMoney(transfer.amount)}
          </Text>
          <Badge size="sm" variant="light" color={STATUS_COLOURS[transfer.status]} data-testid="transfer-status">
            {TRANSFER_STATUS_LABELS[transfer.status]}
          </Badge>
        </Stack>
      </Group>
    </li>
  );
}

export function TransferHistory() {
  const [page, setPage] = useState(1);
  const list = useQuery(transferListQueryOptions(page));
  if (!list.data) {
    if (list.isError) return <Alert color="red">{errorMessage(list.error)}</Alert>;
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" aria-label="加载中" />
      </Group>
    );
  }
  return (
    <Stack gap="xs" data-testid="transfer-history">
      {list.data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="transfer-history-empty">
          暂无转账记录
        </Text>
      ) : (
        <ul style={{ margin: 0, padding: 0, opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isFetching}>
          {list.data.items.map((transfer) => (
            <TransferRow key={transfer.id} transfer={transfer} />
          ))}
        </ul>
      )}
      {list.data.totalPages > 1 && (
        <Pagination
          total={list.data.totalPages}
          value={list.data.page}
          onChange={setPage}
          size="sm"
          siblings={1}
          getControlProps={(control) => ({ 'aria-label': control === 'previous' ? '上一页' : control === 'next' ? '下一页' : control === 'first' ? '第一页' : '最后一页' })}
          getItemProps={(item) => ({ 'aria-label': `第 ${item} 页` })}
        />
      )}
    </Stack>
  );
}

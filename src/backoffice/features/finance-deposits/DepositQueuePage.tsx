// 线下充值确认: offline deposits waiting for finance, oldest first. 确认到账 credits the amount actually
// received (once, whatever else happens at the same moment); 驳回 closes it with a reason the player reads.
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { FinanceDeposit } from '../../../shared/backoffice/finance-deposits.ts';
import { PagedTable, type Column } from '../../components/PagedTable.tsx';
import { ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { ReasonModal } from '../../components/ReasonModal.tsx';
import { useOperator } from '../../lib/operator.ts';
import { amountColumn, createdColumn, methodColumn, referenceColumn, usernameColumn } from './columns.tsx';
import { ConfirmDepositModal } from './ConfirmDepositModal.tsx';
import { confirmDeposit, depositQueueQuery, refreshDeposits, rejectDeposit } from './queries.ts';

const PAGE_SIZE = 20;

export default function DepositQueuePage() {
  const queryClient = useQueryClient();
  const { can } = useOperator();
  const mayConfirm = can('finance.deposits.confirm');
  const [usernameText, setUsernameText] = useState('');
  const [username, setUsername] = useState('');
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<FinanceDeposit | null>(null);
  const [rejecting, setRejecting] = useState<FinanceDeposit | null>(null);
  const list = useQuery({ ...depositQueueQuery({ page, pageSize: PAGE_SIZE, ...(username ? { username } : {}) }), placeholderData: keepPreviousData });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setUsername(usernameText.trim());
    setPage(1);
  };
  const columns: Column<FinanceDeposit>[] = [
    referenceColumn,
    usernameColumn,
    methodColumn,
    { key: 'payer', title: '付款人', render: (d) => d.payerName ?? '—' },
    amountColumn,
    createdColumn,
    {
      key: 'actions',
      title: '操作',
      render: (d) =>
        mayConfirm ? (
          <Group gap={4} wrap="nowrap">
            <Button size="compact-sm" color="teal" onClick={() => setConfirming(d)} data-testid="confirm-deposit">
              确认到账
            </Button>
            <Button size="compact-sm" variant="light" color="red" onClick={() => setRejecting(d)} data-testid="reject-deposit">
              驳回
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            无确认权限
          </Text>
        ),
    },
  ];
  return (
    <Stack gap="md">
      <Title order={2}>线下充值确认</Title>
      <Text size="sm" c="dimmed">
        核对收款账户的到账记录（金额、付款人、附言中的充值单号）后确认；未到账超过时限的申请会自动过期，到账后仍可在此确认。
      </Text>
      <form onSubmit={search} aria-label="按用户名筛选">
        <Group align="flex-end" gap="sm">
          <TextInput label="用户名" value={usernameText} onChange={(e) => setUsernameText(e.currentTarget.value)} w={180} />
          <Button type="submit">筛选</Button>
        </Group>
      </form>
      {list.data ? (
        <PagedTable label="线下充值确认" columns={columns} rows={list.data.items} rowKey={(d) => d.id} total={list.data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} empty="没有待确认的线下充值" />
      ) : list.error ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <LoadingBlock />
      )}
      {confirming && (
        <ConfirmDepositModal
          deposit={confirming}
          onClose={() => setConfirming(null)}
          onConfirm={async (received, note) => {
            try {
              await confirmDeposit(confirming.id, { receivedAmount: received, ...(note ? { note } : {}) });
            } finally {
              await refreshDeposits(queryClient);
            }
          }}
        />
      )}
      <ReasonModal
        opened={rejecting !== null}
        title="驳回充值"
        description={rejecting ? <Text size="sm">{`${rejecting.username} · ${rejecting.reference}：驳回原因将显示给玩家`}</Text> : null}
        confirmLabel="驳回"
        confirmColor="red"
        onClose={() => setRejecting(null)}
        onConfirm={async (reason) => {
          if (!rejecting) return;
          try {
            await rejectDeposit(rejecting.id, reason.trim());
          } finally {
            await refreshDeposits(queryClient);
          }
        }}
      />
    </Stack>
  );
}

// The columns every deposit table shares.
import { Badge, Group, Text } from '@mantine/core';
import type { FinanceDeposit } from '../../../shared/backoffice/finance-deposits.ts';
import { formatMoneyGrouped } from '../../../shared/money.ts';
import type { Column } from '../../components/PagedTable.tsx';
import { formatDateTime } from '../../lib/format.ts';

export const KIND_LABELS = { ONLINE: '在线', OFFLINE: '线下' } as const;

export const referenceColumn: Column<FinanceDeposit> = { key: 'reference', title: '单号', render: (d) => <Text size="sm" ff="monospace">{d.reference}</Text> };
export const usernameColumn: Column<FinanceDeposit> = { key: 'username', title: '用户名', render: (d) => d.username };
export const methodColumn: Column<FinanceDeposit> = {
  key: 'method',
  title: '充值方式',
  render: (d) => (
    <Group gap={4} wrap="nowrap">
      <Text size="sm">{d.methodName}</Text>
      <Badge size="xs" variant="light" color={d.kind === 'ONLINE' ? 'blue' : 'gray'}>
        {KIND_LABELS[d.kind]}
      </Badge>
      {d.sandbox && (
        <Badge size="xs" color="yellow" data-testid="sandbox-badge">
          沙箱
        </Badge>
      )}
    </Group>
  ),
};
export const amountColumn: Column<FinanceDeposit> = { key: 'amount', title: '申请金额', render: (d) => formatMoneyGrouped(d.amount) };
export const creditedColumn: Column<FinanceDeposit> = {
  key: 'credited',
  title: '实付 / 到账 / 手续费',
  render: (d) => (d.paidAmount === null ? '—' : `${formatMoneyGrouped(d.paidAmount)} / ${formatMoneyGrouped(d.creditedAmount ?? 0)} / ${formatMoneyGrouped(d.fee)}`),
};
export const statusColumn: Column<FinanceDeposit> = { key: 'status', title: '状态', render: (d) => <Text size="sm" data-testid="deposit-status">{d.statusText}</Text> };
export const createdColumn: Column<FinanceDeposit> = { key: 'createdAt', title: '申请时间', render: (d) => formatDateTime(d.createdAt) };
export const noteColumn: Column<FinanceDeposit> = {
  key: 'note',
  title: '备注',
  render: (d) => (
    <Text size="xs" c="dimmed" maw={260}>
      {[d.failureReason, d.note].filter(Boolean).join('；') || '—'}
    </Text>
  ),
};

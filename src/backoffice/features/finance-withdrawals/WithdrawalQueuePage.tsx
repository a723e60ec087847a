// 提现审核: withdrawals by status (by default those waiting for a person), optionally only the ones
// this operator claimed or one player's; flags from the automatic audit as badges; 领取/释放 in the row.
import { Badge, Button, Checkbox, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PAYOUT_KIND_NAMES } from '../../../shared/api/withdrawals.ts';
import type { WithdrawalQueueItem } from '../../../shared/backoffice/finance-withdrawals.ts';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../../shared/enums.ts';
import { formatMoneyGrouped } from '../../../shared/money.ts';
import { PAYMENT_STATUS_TEXT } from '../../../shared/wallet/payment-status.ts';
import { PagedTable, type Column } from '../../components/PagedTable.tsx';
import { ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { BoLink } from '../../lib/navigation.tsx';
import { ClaimButtons } from './ClaimButtons.tsx';
import { FlagBadges } from './FlagBadges.tsx';
import { PAYOUT_STATE_COLORS, PAYOUT_STATE_LABELS } from './labels.ts';
import { queueQuery, type QueueFilters } from './queries.ts';

const PAGE_SIZE = 20;
const STATUS_OPTIONS = [
  { value: '', label: '待人工处理' },
  ...PAYMENT_STATUSES.filter((status) => status !== 'CANCELED').map((status) => ({ value: status, label: PAYMENT_STATUS_TEXT[status] })),
];

const columns: Column<WithdrawalQueueItem>[] = [
  {
    key: 'reference',
    title: '单号',
    render: (w) => (
      <BoLink to={`/finance/withdrawals/${w.id}`} data-testid="withdrawal-link">
        {w.reference}
      </BoLink>
    ),
  },
  { key: 'username', title: '用户名', render: (w) => w.username },
  { key: 'account', title: '收款账户', render: (w) => `${PAYOUT_KIND_NAMES[w.kind]} · ${w.payoutAccountLabel}` },
  {
    key: 'amount',
    title: '金额',
    render: (w) => (
      <Group gap={4} wrap="nowrap">
        <Text size="sm">{formatMoneyGrouped(w.amount)}</Text>
        {w.needsSecondApprover && (
          <Badge size="xs" color="grape" variant="outline">
            需二次审批
          </Badge>
        )}
      </Group>
    ),
  },
  { key: 'fee', title: '手续费', render: (w) => formatMoneyGrouped(w.fee) },
  { key: 'status', title: '状态', render: (w) => <Text size="sm" data-testid="withdrawal-status">{PAYMENT_STATUS_TEXT[w.status]}</Text> },
  { key: 'flags', title: '审核标记', render: (w) => <FlagBadges flags={w.flags} /> },
  {
    key: 'payout',
    title: '出款',
    render: (w) => (
      <Badge size="sm" variant="light" color={PAYOUT_STATE_COLORS[w.payoutState]}>
        {PAYOUT_STATE_LABELS[w.payoutState]}
      </Badge>
    ),
  },
  { key: 'claimedBy', title: '领取人', render: (w) => w.claimedBy ?? '—' },
  { key: 'createdAt', title: '申请时间', render: (w) => formatDateTime(w.createdAt) },
  { key: 'actions', title: '操作', render: (w) => <ClaimButtons item={w} /> },
];

export default function WithdrawalQueuePage() {
  const [status, setStatus] = useState<PaymentStatus | ''>('');
  const [mine, setMine] = useState(false);
  const [usernameText, setUsernameText] = useState('');
  const [username, setUsername] = useState('');
  const [page, setPage] = useState(1);
  const query: QueueFilters = { ...(status ? { status } : {}), ...(username ? { username } : {}), mine, page, pageSize: PAGE_SIZE };
  const list = useQuery({ ...queueQuery(query), placeholderData: keepPreviousData });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setUsername(usernameText.trim());
    setPage(1);
  };
  return (
    <Stack>
      <Title order={2}>提现审核</Title>
      <form onSubmit={search} noValidate aria-label="提现筛选">
        <Group align="end" wrap="wrap">
          <Select
            label="状态"
            data={STATUS_OPTIONS}
            value={status}
            onChange={(value) => {
              setStatus((value ?? '') as PaymentStatus | '');
              setPage(1);
            }}
            allowDeselect={false}
            w={220}
            data-testid="queue-status"
          />
          <TextInput label="用户名" value={usernameText} onChange={(event) => setUsernameText(event.currentTarget.value)} w={180} />
          <Button type="submit" variant="default">
            查询
          </Button>
          <Checkbox
            label="只看我领取的"
            checked={mine}
            onChange={(event) => {
              setMine(event.currentTarget.checked);
              setPage(1);
            }}
            mb={8}
          />
        </Group>
      </form>
      {list.data ? (
        <PagedTable
          label="提现列表"
          columns={columns}
          rows={list.data.items}
          rowKey={(w) => w.id}
          total={list.data.total}
          page={list.data.page}
          pageSize={list.data.pageSize}
          onPage={setPage}
          empty="没有符合条件的提现"
        />
      ) : list.error ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <LoadingBlock />
      )}
    </Stack>
  );
}

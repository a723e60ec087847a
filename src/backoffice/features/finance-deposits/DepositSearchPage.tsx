// 充值记录: every deposit, filtered by status, type, method, player, reference and Beijing date.
import { Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DEPOSIT_METHODS, PAYMENT_STATUSES, type PaymentStatus } from '../../../shared/enums.ts';
import { DEPOSIT_STATUS_TEXT } from '../../../shared/wallet/payment-status.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { amountColumn, createdColumn, creditedColumn, KIND_LABELS, methodColumn, noteColumn, referenceColumn, statusColumn, usernameColumn } from './columns.tsx';
import { depositSearchQuery } from './queries.ts';

const PAGE_SIZE = 20;
const STATUS_OPTIONS = [{ value: '', label: '全部状态' }, ...PAYMENT_STATUSES.filter((s) => s !== 'CANCELED').map((s) => ({ value: s, label: DEPOSIT_STATUS_TEXT[s] }))];
const KIND_OPTIONS = [{ value: '', label: '全部类型' }, { value: 'ONLINE', label: KIND_LABELS.ONLINE }, { value: 'OFFLINE', label: KIND_LABELS.OFFLINE }];
const METHOD_OPTIONS = [{ value: '', label: '全部方式' }, ...DEPOSIT_METHODS.map((m) => ({ value: m.code, label: m.name }))];

interface Filters {
  status: string;
  kind: string;
  methodCode: string;
  username: string;
  reference: string;
  from: string;
  to: string;
}
const EMPTY: Filters = { status: '', kind: '', methodCode: '', username: '', reference: '', from: '', to: '' };

export default function DepositSearchPage() {
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...depositSearchQuery({ ...filters, status: (filters.status || undefined) as PaymentStatus | undefined, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const set = (key: keyof Filters) => (value: string | null) => setDraft((current) => ({ ...current, [key]: value ?? '' }));
  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft, username: draft.username.trim(), reference: draft.reference.trim() });
    setPage(1);
  };
  return (
    <Stack gap="md">
      <Title order={2}>充值记录</Title>
      <form onSubmit={search} aria-label="充值查询">
        <Group align="flex-end" gap="sm">
          <Select label="状态" data={STATUS_OPTIONS} value={draft.status} onChange={set('status')} w={150} allowDeselect={false} />
          <Select label="类型" data={KIND_OPTIONS} value={draft.kind} onChange={set('kind')} w={110} allowDeselect={false} />
          <Select label="充值方式" data={METHOD_OPTIONS} value={draft.methodCode} onChange={set('methodCode')} w={170} searchable allowDeselect={false} />
          <TextInput label="用户名" value={draft.username} onChange={(e) => set('username')(e.currentTarget.value)} w={140} />
          <TextInput label="单号" value={draft.reference} onChange={(e) => set('reference')(e.currentTarget.value)} w={190} />
          <TextInput label="开始日期" type="date" value={draft.from} onChange={(e) => set('from')(e.currentTarget.value)} />
          <TextInput label="结束日期" type="date" value={draft.to} onChange={(e) => set('to')(e.currentTarget.value)} />
          <Button type="submit">查询</Button>
        </Group>
      </form>
      {list.data ? (
        <PagedTable
          label="充值记录"
          columns={[referenceColumn, usernameColumn, methodColumn, amountColumn, creditedColumn, statusColumn, createdColumn, noteColumn]}
          rows={list.data.items}
          rowKey={(d) => d.id}
          total={list.data.total}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          empty="没有符合条件的充值"
        />
      ) : list.error ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <LoadingBlock />
      )}
    </Stack>
  );
}

// 审计日志 (audit.read): every operator write, searchable by operator, action, object and date
// (Beijing time), newest first, with each row's before → after.
import { Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AuditQuerySchema, type AuditItem } from '../../../../shared/backoffice/auth.ts';
import { ApiError } from '../../../../app/lib/api/errors.ts';
import { PagedTable, type Column } from '../../../components/PagedTable.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/QueryState.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { auditQuery } from '../core-api.ts';
import { AuditEntryModal } from './AuditEntryModal.tsx';
import { roleLabel } from './role-label.ts';

const PAGE_SIZE = 50;
const FILTERS = ['operator', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const EMPTY: Filters = { operator: '', action: '', targetType: '', targetId: '', from: '', to: '' };

/** The filled-in filters, as the API takes them. */
function applied(filters: Filters): Partial<Filters> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== '').map(([key, value]) => [key, value.trim()]));
}

export function AuditPage() {
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Partial<Filters>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [page, setPage] = useState(1);
  const [entry, setEntry] = useState<AuditItem | null>(null);
  const list = useQuery(auditQuery({ ...filters, page, pageSize: PAGE_SIZE }));
  const serverFields = list.error instanceof ApiError ? list.error.fields : {};
  const errorOf = (name: string) => fieldErrors[name] ?? serverFields[name];

  const search = () => {
    const next = applied(draft);
    const checked = AuditQuerySchema.safeParse(next);
    if (!checked.success) {
      setFieldErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setFieldErrors({});
    setPage(1);
    setFilters(next);
  };

  const columns: Column<AuditItem>[] = [
    { key: 'at', title: '时间', render: (e) => formatDateTime(e.at), width: 170 },
    {
      key: 'operator',
      title: '操作员',
      render: (e) => (
        <Stack gap={0}>
          <Text size="sm">{e.operatorUsername}</Text>
          <Text size="xs" c="dimmed">
            {roleLabel(e.role)}
          </Text>
        </Stack>
      ),
    },
    { key: 'ip', title: 'IP', render: (e) => e.ip ?? '—' },
    { key: 'action', title: '操作', render: (e) => e.action },
    { key: 'target', title: '对象', render: (e) => `${e.targetType}${e.targetId ? ` #${e.targetId}` : ''}` },
    { key: 'reason', title: '原因', render: (e) => <Text size="sm" lineClamp={2}>{e.reason ?? '—'}</Text> },
    {
      key: 'view',
      title: '',
      render: (e) => (
        <Button size="compact-sm" variant="subtle" onClick={() => setEntry(e)}>
          查看变更
        </Button>
      ),
    },
  ];

  const input = (name: (typeof FILTERS)[number], label: string, props: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={draft[name]}
      error={errorOf(name)}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setDraft((current) => ({ ...current, [name]: value }));
      }}
      {...props}
    />
  );

  return (
    <Stack gap="md">
      <Title order={2}>审计日志</Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          search();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }} spacing="sm">
            {input('operator', '操作员用户名')}
            {input('action', '操作类型', { placeholder: '如 operator.' })}
            {input('targetType', '对象类型', { placeholder: '如 customer' })}
            {input('targetId', '对象编号')}
            {input('from', '开始日期', { type: 'date' })}
            {input('to', '结束日期', { type: 'date' })}
          </SimpleGrid>
          <Group gap="sm">
            <Button type="submit">查询</Button>
            <Button
              variant="default"
              onClick={() => {
                setDraft(EMPTY);
                setFieldErrors({});
                setPage(1);
                setFilters({});
              }}
            >
              重置
            </Button>
          </Group>
        </Stack>
      </form>
      {list.isPending && <LoadingBlock />}
      {list.isError && <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && (
        <PagedTable
          label="审计日志"
          columns={columns}
          rows={list.data.items}
          rowKey={(e) => e.id}
          total={list.data.total}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          empty="没有符合条件的记录"
        />
      )}
      <AuditEntryModal entry={entry} onClose={() => setEntry(null)} />
    </Stack>
  );
}

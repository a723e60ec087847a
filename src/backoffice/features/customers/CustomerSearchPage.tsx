// 客户查询: filters that combine (username prefix, alias, phone prefix, registration link, upline,
// status), newest accounts first, a page at a time; a row opens the customer.
import { Alert, Badge, Button, Group, Loader, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  CUSTOMER_STATUS_LABELS,
  CUSTOMER_TYPE_LABELS,
  CustomerSearchQuerySchema,
  VIP_LEVEL_LABELS,
  type CustomerSearchQuery,
} from '../../../shared/backoffice/customers.ts';
import { formatMoneyGrouped } from '../../../shared/money.ts';
import { fieldErrorsFromIssues } from '../../../shared/validation/errors.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { formFailure } from '../../lib/forms.ts';
import { BoLink } from '../../lib/navigation.tsx';
import { searchQuery } from './queries.ts';

const PAGE_SIZE = 20;
const FIELDS = ['username', 'alias', 'phone', 'registrationLinkId', 'upline'] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, string> = {
  username: '用户名（前缀）',
  alias: '昵称（包含）',
  phone: '手机号码（前缀）',
  registrationLinkId: '注册链接编号',
  upline: '上级用户名（整条下线）',
};

type Filters = Record<Field, string> & { status: string };
const EMPTY: Filters = { username: '', alias: '', phone: '', registrationLinkId: '', upline: '', status: '' };

export default function CustomerSearchPage() {
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [search, setSearch] = useState<CustomerSearchQuery>({ page: 1, pageSize: PAGE_SIZE });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const { data, error, isPending, isFetching } = useQuery({ ...searchQuery(search), placeholderData: keepPreviousData });
  const serverErrors = error ? formFailure(error, [...FIELDS, 'status']) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = CustomerSearchQuerySchema.safeParse({ ...filters, status: filters.status || undefined, page: 1, pageSize: PAGE_SIZE });
    if (!checked.success) {
      setFieldErrors(fieldErrorsFromIssues(checked.error.issues));
      return;
    }
    setFieldErrors({});
    setSearch(checked.data);
  };
  const errorOf = (field: string) => fieldErrors[field] ?? (serverErrors?.fields[field] as string | undefined);

  return (
    <Stack>
      <Title order={2}>客户查询</Title>
      <form onSubmit={submit} noValidate aria-label="客户查询">
        <Group align="start" wrap="wrap">
          {FIELDS.map((field) => (
            <TextInput
              key={field}
              label={LABELS[field]}
              value={filters[field]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setFilters((current) => ({ ...current, [field]: value }));
              }}
              error={errorOf(field)}
              w={180}
            />
          ))}
          <Select
            label="账号状态"
            data={[{ value: '', label: '全部' }, ...Object.entries(CUSTOMER_STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
            value={filters.status}
            onChange={(value) => setFilters((current) => ({ ...current, status: value ?? '' }))}
            allowDeselect={false}
            w={120}
          />
          <Button type="submit" mt={25} loading={isFetching}>
            查询
          </Button>
          <Button
            variant="default"
            mt={25}
            onClick={() => {
              setFilters(EMPTY);
              setFieldErrors({});
              setSearch({ page: 1, pageSize: PAGE_SIZE });
            }}
          >
            重置
          </Button>
        </Group>
      </form>
      {isPending ? <Loader aria-label="加载中" /> : null}
      {error && serverErrors?.message ? <Alert color="red" title="查询失败">{serverErrors.message ?? errorMessage(error)}</Alert> : null}
      {data ? (
        <>
          <Text size="sm">共 {data.total} 位客户</Text>
          <Table.ScrollContainer minWidth={1000}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>用户名</Table.Th>
                  <Table.Th>昵称</Table.Th>
                  <Table.Th>类型</Table.Th>
                  <Table.Th>VIP</Table.Th>
                  <Table.Th>状态</Table.Th>
                  <Table.Th>上级</Table.Th>
                  <Table.Th>手机</Table.Th>
                  <Table.Th>余额</Table.Th>
                  <Table.Th>注册时间</Table.Th>
                  <Table.Th>最后登录</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((customer) => (
                  <Table.Tr key={customer.id} data-testid="customer-row">
                    <Table.Td>
                      <BoLink to={`/customers/${customer.id}`}>{customer.username}</BoLink>
                    </Table.Td>
                    <Table.Td>{customer.alias}</Table.Td>
                    <Table.Td>
                      {CUSTOMER_TYPE_LABELS[customer.type]}
                      {customer.trial ? <Badge ml={4} size="xs" color="gray">试玩</Badge> : null}
                    </Table.Td>
                    <Table.Td>{VIP_LEVEL_LABELS[customer.vipLevel]}</Table.Td>
                    <Table.Td>
                      <Badge color={customer.status === 'FROZEN' ? 'red' : 'green'} variant="light">
                        {CUSTOMER_STATUS_LABELS[customer.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{customer.parentUsername ?? '—'}</Table.Td>
                    <Table.Td>{customer.phone ?? '—'}</Table.Td>
                    <Table.Td ta="right">{formatMoneyGrouped(customer.balance)}</Table.Td>
                    <Table.Td>{formatDateTime(customer.createdAt)}</Table.Td>
                    <Table.Td>{formatDateTime(customer.lastLoginAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.items.length === 0 ? <Text c="dimmed">没有符合条件的客户。</Text> : null}
          {data.total > data.pageSize ? (
            <Pagination
              total={Math.ceil(data.total / data.pageSize)}
              value={data.page}
              onChange={(page) => setSearch((current) => ({ ...current, page }))}
              aria-label="翻页"
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

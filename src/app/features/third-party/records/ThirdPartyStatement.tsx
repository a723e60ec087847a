// The third-party tab of /account/transaction (spec §2.1, §3.5): every provider wallet's movements —
// transfers in and out, bets and wins pulled from the providers — filtered by provider, type and
// Beijing date within the statement window (spec §9). Amounts are signed from the provider wallet's
// side, so the page total of a settled session is what came back to the main wallet.
import '@mantine/core/styles/Pagination.css';
import { Alert, Group, Loader, NativeSelect, Pagination, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { THIRD_PARTY_PROVIDERS, THIRD_PARTY_TRANSACTION_TYPES, INACTIVE_PROVIDERS, type ThirdPartyProvider, type ThirdPartyTransactionType } from '../../../../shared/enums.ts';
import { statementRangeProblem, statementWindow } from '../../../../shared/api/wallet.ts';
import { formatBeijingDateTime } from '../../../../shared/draws/schedule/beijing-time.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { errorMessage } from '../../../lib/api/errors.ts';
import { PROVIDER_NAMES } from '../../games/menu-model.ts';
import { thirdPartyRecordsQueryOptions, type RecordFilters } from '../third-party-queries.ts';
import { THIRD_PARTY_TYPE_LABELS } from './record-labels.ts';

const PROVIDER_OPTIONS = [
  { value: '', label: '全部平台' },
  ...THIRD_PARTY_PROVIDERS.filter((p) => !INACTIVE_PROVIDERS.includes(p)).map((p) => ({ value: p, label: PROVIDER_NAMES[p] })),
];
const TYPE_OPTIONS = [{ value: '', label: '全部类型' }, ...THIRD_PARTY_TRANSACTION_TYPES.map((t) => ({ value: t, label: THIRD_PARTY_TYPE_LABELS[t] }))];

const signed = (amount: number) => (amount > 0 ? `+${formatMoney(amount)}` : formatMoney(amount));
const asProvider = (value: string) => THIRD_PARTY_PROVIDERS.find((p) => p === value);
const asType = (value: string) => THIRD_PARTY_TRANSACTION_TYPES.find((t) => t === value);

/** A filter change goes back to page 1 and drops emptied values. */
function change(current: RecordFilters, next: Partial<RecordFilters>): RecordFilters {
  const merged: RecordFilters = { ...current, ...next };
  if (!('page' in next)) delete merged.page;
  for (const key of ['provider', 'type', 'from', 'to'] as const) if (!merged[key]) delete merged[key];
  return merged;
}

function Filters({ filters, problem, onChange }: { filters: RecordFilters; problem: string | null; onChange: (next: Partial<RecordFilters>) => void }) {
  const { earliest, today } = statementWindow(Date.now());
  return (
    <div data-testid="third-party-filters">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <NativeSelect label="平台" data={PROVIDER_OPTIONS} value={filters.provider ?? ''} onChange={(e) => onChange({ provider: asProvider(e.currentTarget.value) as ThirdPartyProvider | undefined })} data-testid="filter-provider" />
        <NativeSelect label="类型" data={TYPE_OPTIONS} value={filters.type ?? ''} onChange={(e) => onChange({ type: asType(e.currentTarget.value) as ThirdPartyTransactionType | undefined })} data-testid="filter-type" />
        <TextInput label="开始日期" type="date" min={earliest} max={today} value={filters.from ?? ''} onChange={(e) => onChange({ from: e.currentTarget.value })} data-testid="filter-from" />
        <TextInput label="结束日期" type="date" min={earliest} max={today} value={filters.to ?? ''} onChange={(e) => onChange({ to: e.currentTarget.value })} data-testid="filter-to" />
      </SimpleGrid>
      {problem ? (
        <Text size="xs" c="red" mt={4} role="alert">
          {problem}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" mt={4}>
          交易记录保留最近30天（北京时间）
        </Text>
      )}
    </div>
  );
}

function Records({ filters, onPage }: { filters: RecordFilters; onPage: (page: number) => void }) {
  const query = useQuery(thirdPartyRecordsQueryOptions(filters));
  const data = query.data;
  if (!data) {
    if (query.isError) return <Alert color="red">{errorMessage(query.error)}</Alert>;
    if (query.fetchStatus === 'paused') return <Alert title="网络已断开">联网后即可查看交易记录</Alert>;
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" aria-label="加载中" />
      </Group>
    );
  }
  const pageTotal = data.items.reduce((sum, item) => sum + item.amount, 0);
  return (
    <>
      {data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="third-party-empty">
          暂无第三方钱包记录
        </Text>
      ) : (
        <ul style={{ margin: 0, padding: 0, opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching} data-testid="third-party-records">
          {data.items.map((item) => (
            <li
              key={item.id}
              style={{ listStyle: 'none', padding: '10px 0', borderBottom: '1px solid var(--mantine-color-default-border)' }}
              data-testid="third-party-record"
              data-type={item.type}
              data-provider={item.provider}
              data-amount={item.amount}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm">
                    {PROVIDER_NAMES[item.provider]} · {THIRD_PARTY_TYPE_LABELS[item.type]}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {item.gameName ? `${item.gameName} · ` : ''}
                    {formatBeijingDateTime(Date.parse(item.createdAt))}
                  </Text>
                </Stack>
                <Text fw={600} size="sm" c={item.amount > 0 ? 'green' : 'red'} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {signed(item.amount)}
                </Text>
              </Group>
            </li>
          ))}
        </ul>
      )}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" data-testid="third-party-page-total">
          本页合计 {signed(pageTotal)}
        </Text>
        {data.totalPages > 1 && (
          <Pagination
            total={data.totalPages}
            value={data.page}
            onChange={onPage}
            size="sm"
            siblings={1}
            getControlProps={(control) => ({ 'aria-label': control === 'previous' ? '上一页' : control === 'next' ? '下一页' : control === 'first' ? '第一页' : '最后一页' })}
            getItemProps={(page) => ({ 'aria-label': `第 ${page} 页` })}
          />
        )}
      </Group>
    </>
  );
}

export function ThirdPartyStatement() {
  const [filters, setFilters] = useState<RecordFilters>({});
  const problem = statementRangeProblem({ from: filters.from, to: filters.to }, Date.now())?.message ?? null;
  return (
    <>
      <Filters filters={filters} problem={problem} onChange={(next) => setFilters((current) => change(current, next))} />
      {!problem && <Records filters={filters} onPage={(page) => setFilters((current) => change(current, { page }))} />}
    </>
  );
}

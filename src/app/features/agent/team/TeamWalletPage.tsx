import { Button, Group, Loader, SegmentedControl, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { UsernameSearchSchema, WALLET_RECORD_KIND_NAMES, WALLET_RECORD_KINDS, type WalletRecord, type WalletRecordKind } from '../../../../shared/api/agent-team.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';
import { toastError } from '../../../lib/notify.ts';
import { beijingToday, formatBeijingMinute } from '../../orders/order-filters.ts';
import { QueryState } from './QueryState.tsx';
import { walletRecordsQueryOptions, type WalletRecordFilters } from './team-queries.ts';
import { TeamPager } from './TeamPager.tsx';

const TransferPanel = lazy(() => import('./TransferPanel.tsx'));

/** `/agent/team-wallet`: members' deposits, withdrawals and team transfers, and a transfer to a direct member. */
export function TeamWalletPage() {
  const [tab, setTab] = useState<'records' | 'transfer'>('records');
  return (
    <OverlayFrame title="团队钱包">
      <Stack gap="sm" data-testid="agent-team-wallet">
        <Tabs value={tab} onChange={(value) => setTab(value === 'transfer' ? 'transfer' : 'records')} keepMounted={false}>
          <Tabs.List grow>
            <Tabs.Tab value="records">团队记录</Tabs.Tab>
            <Tabs.Tab value="transfer" data-testid="team-wallet-transfer-tab">
              转账给下级
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="records" pt="sm">
            <WalletRecords />
          </Tabs.Panel>
          <Tabs.Panel value="transfer" pt="sm">
            <Suspense fallback={<Loader size="sm" aria-label="加载中" />}>
              <TransferPanel />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </OverlayFrame>
  );
}

function WalletRecords() {
  const [filters, setFilters] = useState<WalletRecordFilters>({ kind: 'DEPOSIT', page: 1 });
  const [typed, setTyped] = useState('');
  const change = (patch: Partial<WalletRecordFilters>) => setFilters((current) => ({ ...current, page: 1, ...patch }));
  const today = beijingToday(Date.now());
  const query = useQuery(walletRecordsQueryOptions(filters));
  const data = query.data;
  return (
    <Stack gap="sm">
      <SegmentedControl
        fullWidth
        value={filters.kind}
        onChange={(kind) => change({ kind: kind as WalletRecordKind })}
        data={WALLET_RECORD_KINDS.map((kind) => ({ value: kind, label: WALLET_RECORD_KIND_NAMES[kind] }))}
        data-testid="wallet-record-kind"
      />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = UsernameSearchSchema.safeParse(typed);
          if (!parsed.success) return toastError(parsed.error.issues[0]?.message ?? '用户名格式有误');
          change({ username: parsed.data });
        }}
        role="search"
        aria-label="筛选团队记录"
      >
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <TextInput label="会员用户名" placeholder="全部会员" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" />
          <TextInput label="开始日期" type="date" max={today} value={filters.from ?? ''} onChange={(e) => change({ from: e.currentTarget.value || undefined })} />
          <TextInput label="结束日期" type="date" max={today} value={filters.to ?? ''} onChange={(e) => change({ to: e.currentTarget.value || undefined })} />
          <Button type="submit" style={{ alignSelf: 'flex-end' }}>
            筛选
          </Button>
        </SimpleGrid>
      </form>
      {!data ? (
        <QueryState query={query} offlineText="联网后即可查看团队记录" />
      ) : (
        <>
          <Text size="sm">
            合计 <b data-testid="wallet-records-sum">{formatMoney(data.totalAmount)}</b>
          </Text>
          {data.items.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl" data-testid="wallet-records-empty">
              暂无记录
            </Text>
          ) : (
            <ul style={{ margin: 0, padding: 0, opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching} data-testid="wallet-record-list">
              {data.items.map((record) => (
                <RecordRow key={`${record.kind}-${record.id}`} record={record} />
              ))}
            </ul>
          )}
          <TeamPager total={data.total} page={data.page} pageSize={data.pageSize} onPage={(page) => setFilters((current) => ({ ...current, page }))} testId="wallet-records" />
        </>
      )}
    </Stack>
  );
}

function RecordRow({ record }: { record: WalletRecord }) {
  return (
    <li style={{ listStyle: 'none', padding: '8px 4px', borderBottom: '1px solid var(--mantine-color-default-border)' }} data-testid="wallet-record" data-reference={record.reference}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} truncate>
          {record.fromUsername ? `${record.fromUsername} → ${record.username}` : record.username}
        </Text>
        <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatMoney(record.amount)}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" truncate>
          {record.reference} · {record.statusText}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatBeijingMinute(record.createdAt)}
        </Text>
      </Group>
    </li>
  );
}

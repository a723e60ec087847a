// The tabs of a customer's page, each loaded when opened: ledger statement, orders, autobets,
// sessions, login history, and the player's own protection settings (read-only).
import { Alert, Badge, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LOGIN_OUTCOME_LABELS } from '../../../shared/backoffice/customers.ts';
import { formatMoneyGrouped } from '../../../shared/money.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { formatDateTime } from '../../lib/format.ts';
import { autobetsQuery, ledgerQuery, loginsQuery, ordersQuery, protectionQuery, sessionsQuery } from './queries.ts';

const PAGE_SIZE = 20;
const money = formatMoneyGrouped;
const timeOf = (ms: number | null) => (ms === null ? '—' : formatDateTime(new Date(ms).toISOString()));

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

function Loading({ error }: { error: unknown }) {
  return error ? <Alert color="red">{errorMessage(error)}</Alert> : <Loader aria-label="加载中" />;
}

function Grid({ head, rows, empty }: { head: string[]; rows: ReactNode[]; empty: string }) {
  return (
    <>
      <Table.ScrollContainer minWidth={800}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              {head.map((title) => (
                <Table.Th key={title}>{title}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 ? <Text c="dimmed">{empty}</Text> : null}
    </>
  );
}

function PagedTab<T>(props: {
  query: (page: number) => UseQueryOptions<Page<T>, Error, Page<T>, (string | number)[]>;
  head: string[];
  row: (item: T) => ReactNode;
  empty: string;
}) {
  const [page, setPage] = useState(1);
  const { data, error } = useQuery({ ...props.query(page), placeholderData: keepPreviousData });
  if (!data) return <Loading error={error} />;
  return (
    <Stack>
      <Grid head={props.head} rows={data.items.map(props.row)} empty={props.empty} />
      {data.total > data.pageSize ? (
        <Pagination total={Math.ceil(data.total / data.pageSize)} value={data.page} onChange={setPage} aria-label="翻页" />
      ) : null}
    </Stack>
  );
}

export function LedgerTab({ id }: { id: number }) {
  return (
    <PagedTab
      query={(page) => ledgerQuery(id, page, PAGE_SIZE)}
      head={['时间', '类型', '金额', '余额', '参考', '备注']}
      empty="没有账变记录。"
      row={(line) => (
        <Table.Tr key={line.entryId}>
          <Table.Td>{formatDateTime(line.at)}</Table.Td>
          <Table.Td>{line.type}</Table.Td>
          <Table.Td ta="right" c={line.amount < 0 ? 'red' : 'green'}>
            {money(line.amount)}
          </Table.Td>
          <Table.Td ta="right">{money(line.balanceAfter)}</Table.Td>
          <Table.Td>{line.reference ?? '—'}</Table.Td>
          <Table.Td>{line.memo ?? '—'}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

export function OrdersTab({ id }: { id: number }) {
  return (
    <PagedTab
      query={(page) => ordersQuery(id, page, PAGE_SIZE)}
      head={['注单号', '彩种', '期号', '状态', '注数', '投注', '派奖', '返点', '下单时间']}
      empty="没有注单。"
      row={(order) => (
        <Table.Tr key={order.id}>
          <Table.Td>
            {order.id}
            {order.autobet ? <Badge ml={4} size="xs">追号</Badge> : null}
          </Table.Td>
          <Table.Td>{order.drawType}</Table.Td>
          <Table.Td>{order.issueNumber}</Table.Td>
          <Table.Td>{order.status}</Table.Td>
          <Table.Td>{order.betCount}</Table.Td>
          <Table.Td ta="right">{money(order.stake)}</Table.Td>
          <Table.Td ta="right">{money(order.payout)}</Table.Td>
          <Table.Td ta="right">{money(order.rebate)}</Table.Td>
          <Table.Td>{formatDateTime(order.createdAt)}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

export function AutobetsTab({ id }: { id: number }) {
  return (
    <PagedTab
      query={(page) => autobetsQuery(id, page, PAGE_SIZE)}
      head={['编号', '彩种', '状态', '中奖即停', '计划金额', '期数', '已投', '待投', '创建时间', '结束时间']}
      empty="没有追号。"
      row={(autobet) => (
        <Table.Tr key={autobet.id}>
          <Table.Td>{autobet.id}</Table.Td>
          <Table.Td>{autobet.drawType}</Table.Td>
          <Table.Td>{autobet.status}</Table.Td>
          <Table.Td>{autobet.stopOnWin ? '是' : '否'}</Table.Td>
          <Table.Td ta="right">{money(autobet.totalPlanned)}</Table.Td>
          <Table.Td>{autobet.entries}</Table.Td>
          <Table.Td>{autobet.placed}</Table.Td>
          <Table.Td>{autobet.pending}</Table.Td>
          <Table.Td>{formatDateTime(autobet.createdAt)}</Table.Td>
          <Table.Td>{formatDateTime(autobet.finishedAt)}</Table.Td>
        </Table.Tr>
      )}
    />
  );
}

export function SessionsTab({ id }: { id: number }) {
  const { data, error } = useQuery(sessionsQuery(id));
  if (!data) return <Loading error={error} />;
  return (
    <Grid
      head={['编号', '状态', '登录时间', '最近活动', '到期', 'IP', '设备']}
      empty="没有登录记录。"
      rows={data.items.map((session) => (
        <Table.Tr key={session.id}>
          <Table.Td>{session.id}</Table.Td>
          <Table.Td>
            <Badge color={session.active ? 'green' : 'gray'} variant="light">
              {session.active ? '在线' : session.revokedAt ? '已结束' : '已过期'}
            </Badge>
          </Table.Td>
          <Table.Td>{formatDateTime(session.createdAt)}</Table.Td>
          <Table.Td>{formatDateTime(session.lastSeenAt)}</Table.Td>
          <Table.Td>{formatDateTime(session.revokedAt ?? session.expiresAt)}</Table.Td>
          <Table.Td>{session.ip ?? '—'}</Table.Td>
          <Table.Td maw={320}>
            <Text size="xs" lineClamp={2}>
              {session.userAgent ?? '—'}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    />
  );
}

export function LoginsTab({ id }: { id: number }) {
  return (
    <PagedTab
      query={(page) => loginsQuery(id, page, PAGE_SIZE)}
      head={['时间', '结果', 'IP', '设备']}
      empty="没有登录记录。"
      row={(login) => (
        <Table.Tr key={login.id}>
          <Table.Td>{formatDateTime(login.at)}</Table.Td>
          <Table.Td>
            <Badge color={login.outcome === 'SUCCESS' ? 'green' : 'red'} variant="light">
              {LOGIN_OUTCOME_LABELS[login.outcome]}
            </Badge>
          </Table.Td>
          <Table.Td>{login.ip ?? '—'}</Table.Td>
          <Table.Td maw={360}>
            <Text size="xs" lineClamp={2}>
              {login.userAgent ?? '—'}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}

const LIMIT_KIND_LABELS = { DEPOSIT: '充值限额', LOSS: '亏损限额' } as const;
const LIMIT_PERIOD_LABELS = { DAILY: '每日', WEEKLY: '每周', MONTHLY: '每月' } as const;

export function ProtectionTab({ id }: { id: number }) {
  const { data, error } = useQuery(protectionQuery(id));
  if (!data) return <Loading error={error} />;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        玩家自行设置的保护措施，仅供查看：操作员不能放宽玩家自己的限制。
      </Text>
      <Group>
        <Badge color={data.blocked ? 'red' : 'gray'} variant="light">
          {data.blocked ? '投注与充值已暂停' : '未暂停'}
        </Badge>
        <Text size="sm">冷静期至：{timeOf(data.coolingOffUntil)}</Text>
        <Text size="sm">自我禁止至：{timeOf(data.selfExcludedUntil)}</Text>
        <Text size="sm">游戏时间提醒：{data.realityCheckMinutes === null ? '未设置' : `每 ${data.realityCheckMinutes} 分钟`}</Text>
      </Group>
      <Grid
        head={['限额', '周期', '当前限额', '待生效', '本期已用']}
        empty="没有限额。"
        rows={data.limits.map((limit) => (
          <Table.Tr key={`${limit.kind}-${limit.period}`}>
            <Table.Td>{LIMIT_KIND_LABELS[limit.kind]}</Table.Td>
            <Table.Td>{LIMIT_PERIOD_LABELS[limit.period]}</Table.Td>
            <Table.Td ta="right">{limit.amount === null ? '未设置' : money(limit.amount)}</Table.Td>
            <Table.Td>
              {limit.pending ? `${limit.pending.amount === null ? '取消限额' : money(limit.pending.amount)}（${timeOf(limit.pending.effectiveAt)}）` : '—'}
            </Table.Td>
            <Table.Td ta="right">{money(limit.used)}</Table.Td>
          </Table.Tr>
        ))}
      />
    </Stack>
  );
}

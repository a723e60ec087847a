// /agent/team-profit: the team's figures per direct member (each with its whole team, drill-down into
// a sub-agent) or per day, over a range of the last three months, with the totals and the caller's
// (or the opened member's) own row.
import '@mantine/core/styles/Pagination.css';
import { Anchor, Badge, Breadcrumbs, Button, Group, Pagination, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PROFIT_DEFINITION, type Figures, type Profit, type ProfitView } from '../../../../shared/api/agent-reports.ts';
import { formatMoneyGrouped } from '../../../../shared/money.ts';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';
import { presetRange } from './date-presets.ts';
import { FIGURE_LABELS, toneOf } from './FigureGrid.tsx';
import { RangePicker } from './RangePicker.tsx';
import { ReportState } from './ReportState.tsx';
import { profitQueryOptions, type ProfitFilters } from './report-queries.ts';
import { UpdatedAt } from './UpdatedAt.tsx';

const TYPE_LABELS: Record<string, string> = { PRIMARY_AGENT: '总代', AGENT: '代理', PLAYER: '会员' };

export function TeamProfitPage() {
  const [filters, setFilters] = useState<ProfitFilters>(() => ({ ...presetRange('today'), view: 'members', page: 1 }));
  const change = (patch: Partial<ProfitFilters>) => setFilters((current) => ({ ...current, page: 1, ...patch }));
  const query = useQuery(profitQueryOptions(filters));
  const data = query.data;
  return (
    <OverlayFrame title="团队盈亏">
      <Stack gap="sm" data-testid="agent-team-profit">
        <RangePicker value={filters} onChange={(range) => change(range)} />
        <SegmentedControl
          fullWidth
          value={filters.view}
          onChange={(view) => change({ view: view as ProfitView })}
          data={[
            { value: 'members', label: '按成员' },
            { value: 'days', label: '按日期' },
          ]}
          data-testid="profit-view"
        />
        {!data ? (
          <ReportState query={query} offlineText="联网后即可查看团队盈亏" />
        ) : (
          <Stack gap="xs" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
            <Trail data={data} onOpen={(memberId) => change({ memberId })} />
            <FigureCard title="团队合计" subtitle={`${data.root.username} 及全部下级`} figures={data.total} testId="profit-total" highlight />
            <FigureCard title="本人" subtitle={data.root.username} figures={data.own} testId="profit-own" />
            <ProfitRows data={data} onOpen={(memberId) => change({ memberId })} />
            <Pager data={data} onPage={(page) => setFilters((current) => ({ ...current, page }))} />
            <Text size="xs" c="dimmed">
              {PROFIT_DEFINITION}
            </Text>
            <UpdatedAt value={data.updatedAt} />
          </Stack>
        )}
      </Stack>
    </OverlayFrame>
  );
}

function Trail({ data, onOpen }: { data: Profit; onOpen: (memberId: number | undefined) => void }) {
  if (data.trail.length <= 1) return null;
  return (
    <Breadcrumbs separator="›" data-testid="profit-trail">
      {data.trail.map((step, index) =>
        index === data.trail.length - 1 ? (
          <Text key={step.customerId} size="sm" fw={600}>
            {step.username}
          </Text>
        ) : (
          <Anchor key={step.customerId} size="sm" component="button" type="button" onClick={() => onOpen(index === 0 ? undefined : step.customerId)}>
            {index === 0 ? '我的团队' : step.username}
          </Anchor>
        ),
      )}
    </Breadcrumbs>
  );
}

function ProfitRows({ data, onOpen }: { data: Profit; onOpen: (memberId: number) => void }) {
  if (data.view === 'days') {
    return (
      <Stack gap="xs" data-testid="profit-days">
        {data.days.map((row) => (
          <FigureCard key={row.day} title={row.day} figures={row.team} testId="profit-day" />
        ))}
      </Stack>
    );
  }
  if (data.members.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md" data-testid="profit-empty">
        暂无下级成员
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="profit-members">
      {data.members.map((member) => (
        <FigureCard
          key={member.customerId}
          title={member.username}
          badge={TYPE_LABELS[member.type] ?? '会员'}
          subtitle={`本人盈亏 ${formatMoneyGrouped(member.own.profit)}`}
          figures={member.team}
          testId="profit-member"
          action={
            member.hasTeam ? (
              <Button size="compact-xs" variant="light" onClick={() => onOpen(member.customerId)}>
                查看下级
              </Button>
            ) : undefined
          }
        />
      ))}
    </Stack>
  );
}

function FigureCard(props: { title: string; subtitle?: string; badge?: string; figures: Figures; testId: string; highlight?: boolean; action?: React.ReactNode }) {
  const { title, subtitle, badge, figures, testId, highlight, action } = props;
  return (
    <Paper withBorder p="xs" radius="sm" data-testid={testId} bg={highlight ? 'var(--mantine-color-gray-0)' : undefined}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={6}>
          <Text fw={600} size="sm">
            {title}
          </Text>
          {badge && (
            <Badge size="xs" variant="light">
              {badge}
            </Badge>
          )}
        </Group>
        {action}
      </Group>
      {subtitle && (
        <Text size="xs" c="dimmed">
          {subtitle}
        </Text>
      )}
      <SimpleGrid cols={4} spacing={4} mt={4}>
        {FIGURE_LABELS.map(([key, label]) => (
          <div key={key}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="xs" fw={key === 'profit' ? 700 : 400} c={key === 'profit' ? (toneOf(figures.profit) === 'down' ? 'red.8' : 'teal.8') : undefined} data-testid={`${testId}-${key}`}>
              {formatMoneyGrouped(figures[key])}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function Pager({ data, onPage }: { data: Profit; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(data.rowCount / data.pageSize));
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed" data-testid="profit-row-count">
        共 {data.rowCount} {data.view === 'days' ? '天' : '个直属下级'}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={data.page}
          onChange={onPage}
          size="sm"
          siblings={1}
          getControlProps={(control) => ({ 'aria-label': control === 'previous' ? '上一页' : control === 'next' ? '下一页' : control === 'first' ? '第一页' : '最后一页' })}
          getItemProps={(page) => ({ 'aria-label': `第 ${page} 页` })}
        />
      )}
    </Group>
  );
}

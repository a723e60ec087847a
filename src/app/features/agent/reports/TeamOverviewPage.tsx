// /agent/team-overview: the agent's team at a glance — head counts, who is online, the team balance,
// and the team's money figures over a chosen range, with the roll-up's time.
import { Anchor, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PROFIT_DEFINITION } from '../../../../shared/api/agent-reports.ts';
import { formatMoneyGrouped } from '../../../../shared/money.ts';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';
import { presetRange } from './date-presets.ts';
import { FigureGrid, Tile } from './FigureGrid.tsx';
import { RangePicker } from './RangePicker.tsx';
import { ReportState } from './ReportState.tsx';
import { overviewQueryOptions, type DateRange } from './report-queries.ts';
import { UpdatedAt } from './UpdatedAt.tsx';

export function TeamOverviewPage() {
  const [range, setRange] = useState<DateRange>(() => presetRange('today'));
  const query = useQuery(overviewQueryOptions(range));
  const data = query.data;
  return (
    <OverlayFrame title="团队概览">
      <Stack gap="sm" data-testid="team-overview">
        {!data ? (
          <ReportState query={query} offlineText="联网后即可查看团队概览" />
        ) : (
          <>
            <SimpleGrid cols={{ base: 3, xs: 6 }} spacing="xs" data-testid="overview-heads">
              <Tile label="团队人数" value={String(data.members)} testId="overview-members" />
              <Tile label="代理" value={String(data.agents)} testId="overview-agents" />
              <Tile label="会员" value={String(data.players)} testId="overview-players" />
              <Tile label="今日新增" value={String(data.newToday)} testId="overview-new-today" />
              <Tile label="当前在线" value={String(data.onlineNow)} testId="overview-online" />
              <Tile label="团队余额" value={formatMoneyGrouped(data.teamBalance)} testId="overview-balance" />
            </SimpleGrid>
            <Title order={2} size="h5">
              团队数据
            </Title>
          </>
        )}
        <RangePicker value={range} onChange={setRange} />
        {data && (
          <Stack gap="xs" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
            <FigureGrid figures={data.figures} prefix="overview" />
            <Text size="xs" c="dimmed">
              {PROFIT_DEFINITION}。团队数据含您本人；在线人数为近5分钟内有操作的下级。
            </Text>
            <UpdatedAt value={data.updatedAt} />
            <Anchor component={Link} to="/agent/team-profit" size="sm">
              查看团队盈亏明细
            </Anchor>
          </Stack>
        )}
      </Stack>
    </OverlayFrame>
  );
}

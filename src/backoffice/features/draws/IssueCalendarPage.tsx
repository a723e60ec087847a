// 期号日历: one draw type's issues of a sales day (Beijing), paged, with state, times, result and the
// day's public chain anchor. A seed shows only for a drawn issue — the server never sends another.
// Below: the type's 休市日历 (closed and extra days).
import { Alert, Anchor, Badge, Code, Group, Loader, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { BoLink } from '../../lib/navigation.tsx';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { beijingClock, cancelReasonLabel, resultSourceLabel, resultText, SOURCE_COLORS, sourceLabel } from './labels.ts';
import { IssueStateBadge, TextBadge } from './StateBadge.tsx';
import { issuePath } from './paths.ts';
import { calendarQuery } from './queries.ts';
import { ClosedDaysCard } from './ClosedDaysCard.tsx';

const PAGE_SIZE = 50;

export default function IssueCalendarPage() {
  const { drawType = '' } = useParams({ strict: false }) as { drawType?: string };
  const [day, setDay] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useQuery({ ...calendarQuery(drawType, day, page, PAGE_SIZE), placeholderData: keepPreviousData });
  if (isPending) return <Loader aria-label="加载中" />;
  if (error) return <Alert color="red" title="加载失败">{errorMessage(error)}</Alert>;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{data.name} · 期号日历</Title>
        <Anchor component={BoLink} to="/draws">返回彩种列表</Anchor>
      </Group>
      <Group align="end">
        <TextInput
          type="date"
          label="销售日（北京时间）"
          value={data.day}
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
              setDay(value);
              setPage(1);
            }
          }}
        />
        <Badge color={SOURCE_COLORS[data.source]} variant="light" size="lg">{sourceLabel(data.source)}</Badge>
        <Text size="sm">共 {data.total} 期</Text>
      </Group>
      {data.chain ? (
        <Text size="sm">
          当日种子链锚点（公开，共 {data.chain.length} 个位置）：<Code>{data.chain.anchor}</Code>
        </Text>
      ) : (
        <Text size="sm" c="dimmed">{data.source === 'official' ? '官方开奖：结果取自开奖源，没有种子链。' : '当日没有种子链。'}</Text>
      )}
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>期号</Table.Th>
              <Table.Th>位置</Table.Th>
              <Table.Th>状态</Table.Th>
              <Table.Th>开售</Table.Th>
              <Table.Th>截止</Table.Th>
              <Table.Th>开奖</Table.Th>
              <Table.Th>号码</Table.Th>
              <Table.Th>来源</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.issues.map((issue) => (
              <Table.Tr key={issue.issueNumber} data-testid="issue-row" data-issue-number={issue.issueNumber}>
                <Table.Td>
                  <Anchor component={BoLink} to={issuePath(data.drawType, issue.issueNumber)}>
                    {issue.issueNumber}
                  </Anchor>
                </Table.Td>
                <Table.Td>{issue.sequence}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <IssueStateBadge state={issue.state} />
                    {issue.pendingResult ? <TextBadge color="grape" variant="outline">待审批</TextBadge> : null}
                  </Group>
                  {issue.cancelReason ? <Text size="xs" c="dimmed">{cancelReasonLabel(issue.cancelReason)}</Text> : null}
                </Table.Td>
                <Table.Td>{beijingClock(issue.opensAt)}</Table.Td>
                <Table.Td>{beijingClock(issue.closesAt)}</Table.Td>
                <Table.Td>{beijingClock(issue.drawAt)}</Table.Td>
                <Table.Td ff="monospace">{resultText(issue.result)}</Table.Td>
                <Table.Td>{issue.result ? resultSourceLabel(issue.resultSource) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data.issues.length === 0 ? <Text c="dimmed">该销售日没有期号。</Text> : null}
      {pages > 1 ? <Pagination total={pages} value={data.page} onChange={setPage} aria-label="翻页" /> : null}
      <ClosedDaysCard drawType={data.drawType} />
    </Stack>
  );
}

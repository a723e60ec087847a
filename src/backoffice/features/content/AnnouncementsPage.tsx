// 公告管理: every announcement with its state (草稿, 待发布, 已发布, 已过期, 已撤回), filtered and paged.
import { Alert, Badge, Button, Group, Loader, Pagination, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { ANNOUNCEMENT_STATES, type AnnouncementState } from '../../../shared/backoffice/content.ts';
import { BoLink } from '../../lib/navigation.tsx';
import { useOperator } from '../../lib/operator.ts';
import { beijingText } from './beijing-time.ts';
import { ANNOUNCEMENT_STATE_COLORS, ANNOUNCEMENT_STATE_LABELS, CONTENT_PATHS_UI } from './labels.ts';
import { announcementsQuery } from './queries.ts';

const PAGE_SIZE = 20;
type Filter = AnnouncementState | 'ALL';

export default function AnnouncementsPage() {
  const { can } = useOperator();
  const [filter, setFilter] = useState<Filter>('ALL');
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useQuery({
    ...announcementsQuery(filter === 'ALL' ? undefined : filter, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>公告管理</Title>
        {can('content.manage') ? (
          <Button component={BoLink} to={CONTENT_PATHS_UI.newAnnouncement}>
            新建公告
          </Button>
        ) : null}
      </Group>
      <SegmentedControl
        w="fit-content"
        value={filter}
        onChange={(value) => {
          setFilter(value as Filter);
          setPage(1);
        }}
        data={[{ value: 'ALL', label: '全部' }, ...ANNOUNCEMENT_STATES.map((state) => ({ value: state, label: ANNOUNCEMENT_STATE_LABELS[state] }))]}
        aria-label="按状态筛选"
      />
      {isPending ? <Loader aria-label="加载中" /> : null}
      {error ? <Alert color="red" title="加载失败">{errorMessage(error)}</Alert> : null}
      {data ? (
        <>
          <Table.ScrollContainer minWidth={800}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>标题</Table.Th>
                  <Table.Th>状态</Table.Th>
                  <Table.Th>发布时间（北京时间）</Table.Th>
                  <Table.Th>过期时间</Table.Th>
                  <Table.Th>最后修改</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((item) => (
                  <Table.Tr key={item.id} data-testid="announcement-row" data-id={item.id}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {item.pinned ? <Badge color="red" size="xs">置顶</Badge> : null}
                        <BoLink to={CONTENT_PATHS_UI.announcement(item.id)}>{item.title}</BoLink>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={ANNOUNCEMENT_STATE_COLORS[item.state]}>{ANNOUNCEMENT_STATE_LABELS[item.state]}</Badge>
                    </Table.Td>
                    <Table.Td>{beijingText(item.publishAt)}</Table.Td>
                    <Table.Td>{beijingText(item.expiresAt)}</Table.Td>
                    <Table.Td>{beijingText(item.updatedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.items.length === 0 ? <Text c="dimmed">没有符合条件的公告。</Text> : null}
          {data.total > data.pageSize ? (
            <Pagination total={Math.ceil(data.total / data.pageSize)} value={data.page} onChange={setPage} aria-label="翻页" />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

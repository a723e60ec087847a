import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { asRouteHref } from '../../capabilities/capabilities.tsx';
import { OverlayFrame } from '../../components/shell/OverlayFrame.tsx';
import { ContentHtml } from './ContentHtml.tsx';
import { formatContentDate } from './content-date.ts';
import { announcementsQueryOptions } from './content-queries.ts';

export function AnnouncementOverlay({ id }: { id: string | undefined }) {
  const { items } = useSuspenseQuery(announcementsQueryOptions()).data;
  const current = id ? items.find((item) => item.id === id) : undefined;
  return (
    <OverlayFrame title="平台公告">
      {current ? (
        <Stack gap="sm" data-testid="announcement-detail">
          <Anchor component={Link} to="/announcement" size="sm">
            返回公告列表
          </Anchor>
          <Title order={2} size="h3">
            {current.title}
          </Title>
          <Text size="sm" c="dimmed">
            发布于 {formatContentDate(current.publishedAt)}
          </Text>
          <ContentHtml html={current.html} />
        </Stack>
      ) : (
        <Stack gap="xs" data-testid="announcement-list">
          {items.length === 0 && <Text c="dimmed">暂无公告</Text>}
          {items.map((item) => (
            <Group key={item.id} justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={asRouteHref(`/announcement/${encodeURIComponent(item.id)}`)}>
                {item.title}
              </Anchor>
              <Group gap={6} wrap="nowrap">
                {item.pinned && (
                  <Badge size="xs" color="red">
                    置顶
                  </Badge>
                )}
                <Text size="xs" c="dimmed">
                  {formatContentDate(item.publishedAt)}
                </Text>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </OverlayFrame>
  );
}

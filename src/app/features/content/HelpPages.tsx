import { Anchor, Breadcrumbs, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { asRouteHref } from '../../capabilities/capabilities.tsx';
import { ContentHtml } from './ContentHtml.tsx';
import { formatContentDate } from './content-date.ts';
import { helpIndexQueryOptions, helpPageQueryOptions } from './content-queries.ts';

export function HelpIndexPage() {
  const index = useSuspenseQuery(helpIndexQueryOptions()).data;
  return (
    <Stack gap="lg" data-testid="help-index">
      <Title order={1}>{index.title}</Title>
      {index.sections.map((section) => (
        <Stack key={section.title} gap="sm">
          <Title order={2} size="h4">
            {section.title}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {section.pages.map((page) => (
              <Card key={page.slug} withBorder component={Link} to={asRouteHref(`/help/${page.slug}`)}>
                <Text fw={600}>{page.title}</Text>
                {page.summary && (
                  <Text size="sm" c="dimmed">
                    {page.summary}
                  </Text>
                )}
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

export function HelpArticlePage({ slug }: { slug: string }) {
  const page = useSuspenseQuery(helpPageQueryOptions(slug)).data;
  return (
    <Stack gap="md" data-testid="help-page">
      <Breadcrumbs>
        <Anchor component={Link} to="/help">
          帮助中心
        </Anchor>
        <Text>{page.title}</Text>
      </Breadcrumbs>
      <Title order={1}>{page.title}</Title>
      {page.updatedAt && (
        <Text size="sm" c="dimmed">
          更新于 {formatContentDate(page.updatedAt)}
        </Text>
      )}
      <ContentHtml html={page.html} />
    </Stack>
  );
}

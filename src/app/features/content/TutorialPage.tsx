import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { asRouteHref } from '../../capabilities/capabilities.tsx';
import { ContentHtml } from './ContentHtml.tsx';
import { tutorialQueryOptions } from './content-queries.ts';
import { TUTORIALS, tutorialContentKey, type TutorialDefinition, type TutorialName } from './tutorials.ts';

export function TutorialPage({ name, tab }: { name: TutorialName; tab?: string }) {
  const definition: TutorialDefinition = TUTORIALS[name];
  const page = useSuspenseQuery(tutorialQueryOptions(tutorialContentKey(name, tab))).data;
  const navigate = useNavigate();
  return (
    <Stack gap="md" data-testid="tutorial-page">
      <Title order={1}>{definition.title}</Title>
      {definition.tabs && (
        <Tabs
          value={tab ?? null}
          onChange={(next) => {
            if (next && definition.basePath) void navigate({ to: asRouteHref(`${definition.basePath}/${next}`) });
          }}
        >
          <Tabs.List>
            {definition.tabs.map((t) => (
              <Tabs.Tab key={t.tab} value={t.tab}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      <Title order={2} size="h3">
        {page.title}
      </Title>
      <ContentHtml html={page.html} />
      <Text size="xs" c="dimmed">
        本页内容由平台运营方发布和维护。
      </Text>
    </Stack>
  );
}

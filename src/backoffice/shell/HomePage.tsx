import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { OPERATOR_ROLE_LABELS } from '../../shared/backoffice/permissions.ts';
import { BoLink } from '../lib/navigation.tsx';
import { useOperator } from '../lib/operator.ts';
import { useDocumentTitle } from './document-title.ts';
import { navGroups } from './nav-model.ts';
import { useBackofficePages } from './use-pages.ts';

export function HomePage() {
  const { operator, can } = useOperator();
  useDocumentTitle('首页');
  const groups = navGroups(useBackofficePages(), can);
  if (!operator) return null;
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>您好，{operator.displayName}</Title>
        <Text c="dimmed">
          当前角色：{OPERATOR_ROLE_LABELS[operator.role]}。左侧菜单只列出您的角色可以使用的功能。
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {groups.map(({ group, items }) => (
          <Card key={group} withBorder padding="md">
            <Text fw={700} mb="xs">
              {group}
            </Text>
            <Stack gap={4}>
              {items.map((item) => (
                <BoLink key={item.path} to={item.path}>
                  {item.title}
                </BoLink>
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

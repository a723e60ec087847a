// 帮助页面: the help centre's pages by section, as players see the index.
import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { BoLink } from '../../lib/navigation.tsx';
import { useOperator } from '../../lib/operator.ts';
import { beijingText } from './beijing-time.ts';
import { CONTENT_PATHS_UI } from './labels.ts';
import { helpPagesQuery } from './queries.ts';

export default function HelpPagesPage() {
  const { can } = useOperator();
  const { data, error, isPending } = useQuery(helpPagesQuery());
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>帮助页面</Title>
        {can('content.manage') ? (
          <Button component={BoLink} to={CONTENT_PATHS_UI.helpEditor}>
            新建帮助页面
          </Button>
        ) : null}
      </Group>
      {isPending ? <Loader aria-label="加载中" /> : null}
      {error ? <Alert color="red" title="加载失败">{errorMessage(error)}</Alert> : null}
      {data ? (
        <Table.ScrollContainer minWidth={700}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>分组</Table.Th>
                <Table.Th>标题</Table.Th>
                <Table.Th>地址</Table.Th>
                <Table.Th>排序</Table.Th>
                <Table.Th>最后修改（北京时间）</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((page) => (
                <Table.Tr key={page.slug} data-testid="help-row">
                  <Table.Td>{page.section}</Table.Td>
                  <Table.Td>
                    <BoLink to={CONTENT_PATHS_UI.helpEditor} search={{ slug: page.slug }}>
                      {page.title}
                    </BoLink>
                  </Table.Td>
                  <Table.Td ff="monospace">/help/{page.slug}</Table.Td>
                  <Table.Td>{page.position}</Table.Td>
                  <Table.Td>{beijingText(page.updatedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {data?.items.length === 0 ? <Text c="dimmed">还没有帮助页面。</Text> : null}
    </Stack>
  );
}

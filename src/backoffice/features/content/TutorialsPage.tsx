// 支付教程: the payment-tutorial pages of the player app's routes (a fixed set); each one's text is ours.
import { Alert, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { BoLink } from '../../lib/navigation.tsx';
import { beijingText } from './beijing-time.ts';
import { CONTENT_PATHS_UI } from './labels.ts';
import { tutorialsQuery } from './queries.ts';

export default function TutorialsPage() {
  const { data, error, isPending } = useQuery(tutorialsQuery());
  return (
    <Stack>
      <Title order={2}>支付教程</Title>
      <Text size="sm" c="dimmed">
        玩家端的教程页面固定，内容由运营发布。默认内容只是中性的占位说明。
      </Text>
      {isPending ? <Loader aria-label="加载中" /> : null}
      {error ? <Alert color="red" title="加载失败">{errorMessage(error)}</Alert> : null}
      {data ? (
        <Table.ScrollContainer minWidth={700}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>教程</Table.Th>
                <Table.Th>页面标题</Table.Th>
                <Table.Th>玩家端地址</Table.Th>
                <Table.Th>最后修改（北京时间）</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((page) => (
                <Table.Tr key={page.key} data-testid="tutorial-row">
                  <Table.Td>
                    <BoLink to={CONTENT_PATHS_UI.tutorialEditor} search={{ key: page.key }}>
                      {page.label}
                    </BoLink>
                  </Table.Td>
                  <Table.Td>{page.title}</Table.Td>
                  <Table.Td ff="monospace">{playerPath(page.key)}</Table.Td>
                  <Table.Td>{page.updatedAt ? beijingText(page.updatedAt) : '默认内容'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}

/** Spec §2.1: alipay-hebao lives under /wallet/tutorial, the rest at the top level. */
export function playerPath(key: string): string {
  return key === 'alipay-hebao' ? '/wallet/tutorial/alipay-hebao' : `/${key}`;
}

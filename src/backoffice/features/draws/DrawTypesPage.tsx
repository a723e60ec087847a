// 彩种与开奖源: every periodic draw type with where its results come from (simulated feeds labelled
// as such), its last result, how late it came, and closed issues still waiting for a result.
import { Alert, Anchor, Badge, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BoLink } from '../../lib/navigation.tsx';
import { useState } from 'react';
import type { DrawTypeStatus } from '../../../shared/backoffice/draws.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { beijingTime, formatLag, resultSourceLabel, resultText, SOURCE_COLORS, sourceLabel } from './labels.ts';
import { drawTypePath } from './paths.ts';
import { drawTypesQuery } from './queries.ts';

const FEED_LABELS = { simulated: '模拟开奖（内置，非官方结果）', http: '官方开奖源（HTTP）', none: '未接入（官方彩种不开售）' } as const;

function AwaitingCell({ status, timeoutMs, now }: { status: DrawTypeStatus; timeoutMs: number; now: number }) {
  if (status.awaiting === 0) return <Text size="sm" c="dimmed">无</Text>;
  const late = status.oldestAwaitingDrawAt !== null ? now - status.oldestAwaitingDrawAt : 0;
  return (
    <Text size="sm" c={late > timeoutMs / 2 ? 'red' : 'orange'}>
      {status.awaiting} 期，最早已等 {formatLag(late)}
    </Text>
  );
}

export default function DrawTypesPage() {
  const { data, error, isPending } = useQuery(drawTypesQuery());
  const [filter, setFilter] = useState('');
  if (isPending) return <Loader aria-label="加载中" />;
  if (error) return <Alert color="red" title="加载失败">{errorMessage(error)}</Alert>;
  const needle = filter.trim().toUpperCase();
  const rows = data.drawTypes.filter((d) => needle === '' || d.code.includes(needle) || d.name.toUpperCase().includes(needle));
  return (
    <Stack>
      <Title order={2}>彩种与开奖源</Title>
      <Group>
        <Text>官方彩种开奖源：</Text>
        <Badge color={data.feed === 'simulated' ? 'yellow' : data.feed === 'http' ? 'green' : 'gray'} size="lg">
          {FEED_LABELS[data.feed]}
        </Badge>
        <Text size="sm" c="dimmed">截止后超过 {formatLag(data.feedTimeoutMs)} 仍无结果的期号自动撤单退款</Text>
      </Group>
      <TextInput label="筛选彩种" placeholder="名称或代码" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} maw={280} />
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>彩种</Table.Th>
              <Table.Th>开奖源</Table.Th>
              <Table.Th>大厅</Table.Th>
              <Table.Th>最近开奖</Table.Th>
              <Table.Th>号码</Table.Th>
              <Table.Th>延迟</Table.Th>
              <Table.Th>待开奖</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={d.code} data-testid="draw-type-row" data-draw-type={d.code}>
                <Table.Td>
                  <Anchor component={BoLink} to={drawTypePath(d.code)}>
                    {d.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">{d.code}{d.manualEntry ? ' · 可人工录入' : ''}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={SOURCE_COLORS[d.source]} variant="light">{sourceLabel(d.source)}</Badge>
                </Table.Td>
                <Table.Td>{d.enabled ? '开售' : <Text c="dimmed" size="sm">已停用</Text>}</Table.Td>
                <Table.Td>
                  {d.lastResult ? (
                    <>
                      <Text size="sm">第 {d.lastResult.issueNumber} 期</Text>
                      <Text size="xs" c="dimmed">{beijingTime(d.lastResult.drawnAt)} · {resultSourceLabel(d.lastResult.resultSource)}</Text>
                    </>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td ff="monospace">{resultText(d.lastResult?.result ?? null)}</Table.Td>
                <Table.Td>{formatLag(d.lagMs)}</Table.Td>
                <Table.Td>
                  <AwaitingCell status={d} timeoutMs={data.feedTimeoutMs} now={data.serverTime} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

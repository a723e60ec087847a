// 周排行榜: the prize of each place (1st … 20th; paid as 奖励 when the week closes), and the current
// and past weeks with their places and payouts.
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { RANKING_PLACES } from '../../../shared/api/weekly-ranking.ts';
import { formatMoney } from '../../../shared/money.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useOperator } from '../../lib/operator.ts';
import { parseOptionalYuan, yuanText } from './money-input.ts';
import { prizesQuery, RANKING_KEY, updatePrizes, weekQuery, weeksQuery } from './queries.ts';

function PrizeEditor({ prizes, canManage }: { prizes: { place: number; amount: number }[]; canManage: boolean }) {
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState<string[]>(() =>
    Array.from({ length: RANKING_PLACES }, (_, i) => yuanText(prizes.find((p) => p.place === i + 1)?.amount ?? null)),
  );
  const [reason, setReason] = useState('');
  const save = useMutation({
    mutationFn: () => {
      const parsed = texts.map((text, i) => ({ place: i + 1, amount: parseOptionalYuan(text) }));
      if (parsed.some((p) => p.amount === 'invalid')) throw new Error('金额格式不正确');
      return updatePrizes(parsed.filter((p): p is { place: number; amount: number } => typeof p.amount === 'number' && p.amount > 0), reason.trim());
    },
    onSuccess: () => {
      setReason('');
      void queryClient.invalidateQueries({ queryKey: RANKING_KEY });
    },
  });
  return (
    <Card withBorder data-testid="ranking-prizes">
      <Title order={4} mb="sm">名次奖金（元）</Title>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {texts.map((text, i) => (
          <TextInput
            key={i}
            label={`第 ${i + 1} 名`}
            value={text}
            disabled={!canManage}
            placeholder="无"
            onChange={(e) => {
              const value = e.currentTarget.value;
              setTexts((all) => all.map((t, j) => (j === i ? value : t)));
            }}
          />
        ))}
      </SimpleGrid>
      {canManage && (
        <Group mt="sm" align="flex-end">
          <TextInput label="修改原因" value={reason} onChange={(e) => setReason(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={reason.trim().length < 2} data-testid="ranking-prizes-save">保存</Button>
        </Group>
      )}
      {save.error && <Text c="red" size="sm" role="alert">{errorMessage(save.error)}</Text>}
      {save.isSuccess && <Text c="green" size="sm">已保存</Text>}
    </Card>
  );
}

function WeekDetail({ week }: { week: string }) {
  const detail = useQuery(weekQuery(week));
  if (detail.isPending) return <Loader size="sm" />;
  if (detail.error) return <Alert color="red">{errorMessage(detail.error)}</Alert>;
  return (
    <Table data-testid="ranking-week-detail">
      <Table.Thead>
        <Table.Tr><Table.Th>名次</Table.Th><Table.Th>玩家</Table.Th><Table.Th>净盈利</Table.Th><Table.Th>奖金</Table.Th></Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {detail.data.entries.map((e) => (
          <Table.Tr key={e.rank}>
            <Table.Td>{e.rank}</Table.Td><Table.Td>{e.username}</Table.Td><Table.Td>{formatMoney(e.netWin)}</Table.Td><Table.Td>{formatMoney(e.prize)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export default function WeeklyRankingPage() {
  const { can } = useOperator();
  const prizes = useQuery(prizesQuery);
  const weeks = useQuery(weeksQuery);
  const [open, setOpen] = useState<string | null>(null);
  if (prizes.isPending) return <Loader />;
  if (prizes.error) return <Alert color="red">{errorMessage(prizes.error)}</Alert>;
  return (
    <Stack gap="md">
      <Title order={3}>周排行榜</Title>
      <Text size="sm" c="dimmed">
        每周一 00:00 至周日 24:00（北京时间），按彩票游戏已结算注单的净盈利（派奖 − 投注）排名；同额先达到者在前。周结束后按名次发放奖金（奖励），每周一次。
      </Text>
      <PrizeEditor prizes={prizes.data.prizes} canManage={can('jackpot.manage')} />
      <Title order={4}>各周排行</Title>
      <Table data-testid="ranking-weeks">
        <Table.Thead>
          <Table.Tr><Table.Th>周（周一）</Table.Th><Table.Th>上榜人数</Table.Th><Table.Th>结算时间</Table.Th><Table.Th>已发奖金</Table.Th><Table.Th /></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {weeks.data?.weeks.map((w) => (
            <Table.Tr key={w.week}>
              <Table.Td>{w.week}</Table.Td>
              <Table.Td>{w.players}</Table.Td>
              <Table.Td>{w.closedAt ? formatDateTime(w.closedAt) : '进行中'}</Table.Td>
              <Table.Td>{formatMoney(w.paid)}</Table.Td>
              <Table.Td><Button variant="subtle" size="xs" onClick={() => setOpen(open === w.week ? null : w.week)}>{open === w.week ? '收起' : '查看'}</Button></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {open && <WeekDetail week={open} />}
    </Stack>
  );
}

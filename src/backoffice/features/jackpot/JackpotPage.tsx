// 奖池: the pool against what funded it (reconciles or not), the settings (jackpot.manage, audited with
// a reason), and the decided rounds with their winners, revealed seeds and verification links.
import { Alert, Anchor, Badge, Button, Card, Group, Loader, NumberInput, Pagination, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { JACKPOT_KIND_LABELS, type JackpotSettings } from '../../../shared/api/jackpot.ts';
import { UNITS_PER_YUAN } from '../../../shared/money.ts';
import { useOperator } from '../../lib/operator.ts';
import { dateTime, money } from '../reports/format.ts';
import { overviewQuery, refreshJackpot, roundsQuery, saveSettings } from './queries.ts';

const yuan = (v: number) => `¥${money(v)}`;

export default function JackpotPage() {
  const { data, error, isPending } = useQuery(overviewQuery());
  const { can } = useOperator();
  return (
    <Stack>
      <Title order={2}>奖池</Title>
      {isPending ? (
        <Loader aria-label="加载中" />
      ) : error ? (
        <Alert color="red" title="加载失败">{errorMessage(error)}</Alert>
      ) : (
        <>
          <Card withBorder>
            <Group mb="xs">
              <Badge color={data.reconciles ? 'teal' : 'red'} size="lg" data-testid="jackpot-reconciles">{data.reconciles ? '账目一致' : '存在差异'}</Badge>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <Text size="sm" data-testid="jackpot-pool-balance">奖池余额：{yuan(data.poolBalance)}</Text>
              <Text size="sm">已注资合计：{yuan(data.swept)}</Text>
              <Text size="sm">已派奖合计：{yuan(data.paid)}</Text>
              <Text size="sm">结算记录的贡献合计：{yuan(data.contributions)}</Text>
              <Text size="sm">待注资：{yuan(data.unswept)}</Text>
            </SimpleGrid>
            <Text size="xs" c="dimmed" mt="xs">奖池余额 = 已注资 − 已派奖；已注资 = 已归集的（非试玩）贡献。试玩账号的投注不注资也不参与抽奖。</Text>
          </Card>
          <SettingsForm key={JSON.stringify(data.settings)} settings={data.settings} canManage={can('jackpot.manage')} />
        </>
      )}
      <Rounds />
    </Stack>
  );
}

function SettingsForm({ settings, canManage }: { settings: JackpotSettings; canManage: boolean }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(settings);
  const [reason, setReason] = useState('');
  const save = useMutation({ mutationFn: () => saveSettings({ ...form, reason: reason.trim() }), onSuccess: () => refreshJackpot(queryClient) });
  const field = (key: keyof JackpotSettings, label: string, kind: 'bp' | 'money' | 'int') => (
    <NumberInput
      label={label}
      value={kind === 'money' ? form[key] / UNITS_PER_YUAN : form[key]}
      decimalScale={kind === 'money' ? 2 : 0}
      min={0}
      disabled={!canManage}
      onChange={(v) => setForm({ ...form, [key]: kind === 'money' ? Math.round(Number(v) * UNITS_PER_YUAN) : Math.round(Number(v)) })}
      data-testid={`jackpot-setting-${key}`}
    />
  );
  return (
    <Card withBorder>
      <Title order={4} mb="xs">设置</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
        {field('contributionBp', '注入比例（基点，100 = 1%）', 'bp')}
        {field('luckyIntervalMinutes', '幸运奖间隔（分钟）', 'int')}
        {field('luckyShareBp', '幸运奖占奖池（基点）', 'bp')}
        {field('luckyCap', '幸运奖上限（元）', 'money')}
        {field('minStake', '参与最低投注额（元）', 'money')}
        {field('superThreshold', '超级大奖门槛（元）', 'money')}
        {field('superShareBp', '超级大奖占奖池（基点）', 'bp')}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs">注入比例从下一次结算起生效；间隔与最低投注额从下一期新建的期次起生效（已公布承诺的期次不变）；派奖比例、上限与门槛在开奖时读取。</Text>
      {canManage && (
        <Group align="end" mt="sm">
          <TextInput label="修改原因" value={reason} onChange={(e) => setReason(e.currentTarget.value)} w={280} data-testid="jackpot-settings-reason" />
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={reason.trim().length === 0} data-testid="jackpot-settings-save">保存</Button>
        </Group>
      )}
      {save.error && <Alert color="red" mt="xs">{errorMessage(save.error)}</Alert>}
      {save.isSuccess && <Text size="sm" c="teal" mt="xs">已保存</Text>}
    </Card>
  );
}

function Rounds() {
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useQuery(roundsQuery(page));
  if (isPending) return <Loader aria-label="加载中" />;
  if (error) return <Alert color="red" title="加载失败">{errorMessage(error)}</Alert>;
  return (
    <Card withBorder>
      <Title order={4} mb="xs">开奖记录</Title>
      <Table.ScrollContainer minWidth={900}>
        <Table striped data-testid="jackpot-rounds">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>期次</Table.Th>
              <Table.Th>类型</Table.Th>
              <Table.Th>时段</Table.Th>
              <Table.Th>参与</Table.Th>
              <Table.Th>中奖者</Table.Th>
              <Table.Th>奖金</Table.Th>
              <Table.Th>种子</Table.Th>
              <Table.Th>验证</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rounds.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.id}</Table.Td>
                <Table.Td>{JACKPOT_KIND_LABELS[r.kind]}</Table.Td>
                <Table.Td>{dateTime(r.windowStart)} – {dateTime(r.windowEnd)}</Table.Td>
                <Table.Td>{r.entryCount ?? 0}</Table.Td>
                <Table.Td>{r.status === 'DRAWN' ? `${r.winner}（客户 ${r.winnerCustomerId}，订单 ${r.winnerOrderId}）` : (r.closeReason ?? '—')}</Table.Td>
                <Table.Td>{r.status === 'DRAWN' ? yuan(r.prize) : '—'}</Table.Td>
                <Table.Td><Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>{r.seed}</Text></Table.Td>
                <Table.Td><Anchor href={`/verify/jackpot/${r.id}`} target="_blank" rel="noreferrer">验证</Anchor></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data.total > data.pageSize && <Pagination mt="sm" total={Math.ceil(data.total / data.pageSize)} value={page} onChange={setPage} />}
    </Card>
  );
}

// 服务商对账: our ledger's external:provider:<CODE> and the records we pulled against what the provider
// says each player holds now. The records job pulls in the background; 拉取记录并对账 pulls now (an
// audited write) and then reads again, so a difference is real (or a transfer still being confirmed).
import { Alert, Badge, Button, Card, Group, Loader, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { INACTIVE_PROVIDERS, THIRD_PARTY_PROVIDERS } from '../../../shared/enums.ts';
import { formatDateTime } from '../../lib/format.ts';
import { money } from '../reports/format.ts';
import { pullRecordsNow, reconciliationQuery } from './queries.ts';

const PROVIDERS = THIRD_PARTY_PROVIDERS.filter((p) => !INACTIVE_PROVIDERS.includes(p));
const yuanOf = (value: number | null) => (value === null ? '无法查询' : `¥${money(value)}`);

export default function ProviderReconciliationPage() {
  const [provider, setProvider] = useState('PP');
  const { data, error, isPending, isFetching, refetch } = useQuery({ ...reconciliationQuery(provider), staleTime: 0 });
  const pull = useMutation({ mutationFn: () => pullRecordsNow(provider), onSettled: () => void refetch() });
  return (
    <Stack>
      <Title order={2}>服务商对账</Title>
      <Group align="end">
        <NativeSelect label="平台" data={PROVIDERS} value={provider} onChange={(e) => setProvider(e.currentTarget.value)} w={200} />
        <Button variant="default" onClick={() => pull.mutate()} loading={pull.isPending || isFetching}>拉取记录并对账</Button>
      </Group>
      {isPending ? (
        <Loader aria-label="加载中" />
      ) : error ? (
        <Alert color="red" title="对账失败">{errorMessage(error)}</Alert>
      ) : (
        <>
          <Group>
            <Badge color={data.ok ? 'teal' : 'red'} size="lg" data-testid="reconciliation-result">{data.ok ? '账目一致' : '存在差异'}</Badge>
            {data.openTransfers > 0 && <Badge color="orange">{data.openTransfers} 笔转账待确认</Badge>}
            {data.recordsPull.error && <Badge color="red">投注记录拉取失败</Badge>}
            <Text size="sm" c="dimmed" data-testid="records-pulled-at">
              投注记录拉取于：{data.recordsPull.pulledAt ? formatDateTime(data.recordsPull.pulledAt) : '尚未拉取'}
            </Text>
          </Group>
          {pull.error && <Alert color="red" title="拉取失败">{errorMessage(pull.error)}</Alert>}
          <Card withBorder>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <Text size="sm">账本科目余额：¥{money(data.ledgerAccount)}</Text>
              <Text size="sm">转入合计：¥{money(data.transfersIn)}</Text>
              <Text size="sm">转出合计：¥{money(data.transfersOut)}</Text>
              <Text size="sm">投注记录：{data.records.count} 笔（未结算 {data.records.open}）</Text>
              <Text size="sm">投注额：¥{money(data.records.stake)}，有效投注：¥{money(data.records.validStake)}</Text>
              <Text size="sm">派彩：¥{money(data.records.payout)}</Text>
              <Text size="sm">应有余额合计：¥{money(data.expectedTotal)}</Text>
              <Text size="sm">服务商余额合计：{yuanOf(data.providerTotal)}</Text>
            </SimpleGrid>
          </Card>
          {data.playersNotChecked > 0 && <Text size="sm" c="dimmed">另有 {data.playersNotChecked} 名玩家未逐一查询余额。</Text>}
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>玩家</Table.Th>
                  <Table.Th>应有余额</Table.Th>
                  <Table.Th>服务商余额</Table.Th>
                  <Table.Th>差额</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.players.map((p) => (
                  <Table.Tr key={p.customerId} data-testid="reconciliation-player">
                    <Table.Td>{p.username}</Table.Td>
                    <Table.Td>¥{money(p.expected)}</Table.Td>
                    <Table.Td>{yuanOf(p.providerBalance)}</Table.Td>
                    <Table.Td>{p.difference === null ? '—' : <Text c={p.difference === 0 ? undefined : 'red'} span>¥{money(p.difference)}</Text>}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}

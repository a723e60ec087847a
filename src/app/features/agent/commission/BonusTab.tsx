// 团队奖金: my direct members' contracts (set / edit), their period results to approve or reject, and
// my own bonus history.
import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api/errors.ts';
import { BonusResultList } from './BonusResultList.tsx';
import { ContractEditor } from './ContractEditor.tsx';
import { contractsQueryOptions, incomeConfigQueryOptions, memberResultsQueryOptions } from './commission-queries.ts';
import { contractTitle, tierText } from './format.ts';

export function BonusTab() {
  const contracts = useQuery(contractsQueryOptions());
  const results = useQuery(memberResultsQueryOptions());
  const mine = useQuery(incomeConfigQueryOptions());
  const [editing, setEditing] = useState<number | null>(null);
  if (contracts.isPending) return <Loader size="sm" />;
  if (contracts.isError) return <Alert color="red">{errorMessage(contracts.error)}</Alert>;
  const member = contracts.data.members.find((m) => m.memberId === editing);
  return (
    <Stack gap="sm" data-testid="agent-bonus-tab">
      <Text fw={600} size="sm">我的契约</Text>
      {contracts.data.own.length === 0 ? (
        <Text c="dimmed" size="sm">您还没有奖金契约</Text>
      ) : (
        contracts.data.own.map((c) => (
          <Text key={c.kind} size="sm">
            {contractTitle(c)}：{c.tiers.map(tierText).join('；')}
          </Text>
        ))
      )}
      <Text fw={600} size="sm">下级契约</Text>
      {contracts.data.members.length === 0 && <Text c="dimmed" size="sm">暂无直属成员</Text>}
      {contracts.data.members.map((m) => (
        <Card key={m.memberId} withBorder padding="sm" data-testid="member-contract">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {m.username}
              </Text>
              {m.contracts.length === 0 ? (
                <Text size="xs" c="dimmed">未设置契约</Text>
              ) : (
                m.contracts.map((c) => (
                  <Text key={c.kind} size="xs">
                    {contractTitle(c)}：{c.tiers.map(tierText).join('；')}
                  </Text>
                ))
              )}
            </Stack>
            <Button size="compact-sm" variant="light" onClick={() => setEditing(m.memberId)} disabled={contracts.data.own.length === 0}>
              {m.contracts.length === 0 ? '设置' : '修改'}
            </Button>
          </Group>
        </Card>
      ))}
      <Text fw={600} size="sm">下级奖金审核</Text>
      {results.isError && <Alert color="red">{errorMessage(results.error)}</Alert>}
      {results.data && <BonusResultList results={results.data.items} decidable empty="暂无下级奖金记录" />}
      <Text fw={600} size="sm">我的奖金记录</Text>
      {mine.data && <BonusResultList results={mine.data.results} decidable={false} empty="暂无奖金记录" />}
      {member && (
        <ContractEditor memberId={member.memberId} username={member.username} own={contracts.data.own} current={member.contracts} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

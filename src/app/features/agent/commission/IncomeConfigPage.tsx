import { Alert, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { BonusResultList } from './BonusResultList.tsx';
import { incomeConfigQueryOptions } from './commission-queries.ts';
import { contractTitle, tierText } from './format.ts';

/** 收益设置: my prize group, the rebate it gives me per category, my bonus contracts and their results. */
export function IncomeConfigPage() {
  const config = useQuery(incomeConfigQueryOptions());
  return (
    <OverlayFrame title="收益设置">
      <Stack gap="sm" data-testid="income-config">
        {config.isPending && <Loader size="sm" />}
        {config.isError && <Alert color="red">{errorMessage(config.error)}</Alert>}
        {config.data && (
          <>
            <Text size="sm">
              我的奖金组 <b data-testid="income-prize-group">{config.data.prizeGroup}</b>
            </Text>
            <Table data-testid="income-categories">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>彩种</Table.Th>
                  <Table.Th>最高奖金组</Table.Th>
                  <Table.Th>最高返点</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {config.data.categories.map((c) => (
                  <Table.Tr key={c.category}>
                    <Table.Td>{c.name}</Table.Td>
                    <Table.Td>{c.topGroup}</Table.Td>
                    <Table.Td>{c.maxRebatePercent}%</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text size="xs" c="dimmed">
              以低于自己奖金组的奖金组投注时，差额按投注额返还（每 20 点为 1%）。
            </Text>
            <Text fw={600} size="sm">我的契约</Text>
            {config.data.contracts.length === 0 ? (
              <Text c="dimmed" size="sm">暂无契约</Text>
            ) : (
              config.data.contracts.map((c) => (
                <Text key={c.kind} size="sm">
                  {contractTitle(c)}：{c.tiers.map(tierText).join('；')}
                </Text>
              ))
            )}
            <Text fw={600} size="sm">奖金记录</Text>
            <BonusResultList results={config.data.results} decidable={false} empty="暂无奖金记录" />
          </>
        )}
      </Stack>
    </OverlayFrame>
  );
}

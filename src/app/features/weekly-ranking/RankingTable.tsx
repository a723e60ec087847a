import { Table, Text } from '@mantine/core';
import type { RankingEntry } from '../../../shared/api/weekly-ranking.ts';
import { clampRollingDisplay, formatYuan } from '../../../shared/money.ts';

/** Ranking amounts use the rolling display's range (spec §9): 0–999999.99, two decimals. */
export const rankingAmount = (amount: number) => `¥${formatYuan(clampRollingDisplay(amount))}`;

export function RankingTable({ entries, testId, empty }: { entries: readonly RankingEntry[]; testId: string; empty: string }) {
  if (entries.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md" size="sm" data-testid={`${testId}-empty`}>
        {empty}
      </Text>
    );
  }
  return (
    <Table data-testid={testId} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>名次</Table.Th>
          <Table.Th>玩家</Table.Th>
          <Table.Th ta="right">盈利</Table.Th>
          <Table.Th ta="right">奖金</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.rank} data-testid={`${testId}-row`}>
            <Table.Td>{entry.rank}</Table.Td>
            <Table.Td>{entry.name}</Table.Td>
            <Table.Td ta="right">{rankingAmount(entry.netWin)}</Table.Td>
            <Table.Td ta="right">{entry.prize > 0 ? rankingAmount(entry.prize) : '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

import { Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { OrderBet, OrderDetail } from '../../../shared/api/orders.ts';
import { beijingDayOf, formatDay } from '../../../shared/draws/schedule/beijing-time.ts';
import { formatMoney } from '../../../shared/money.ts';
import { describeBet, type BetDescription } from './bet-description.ts';
import { betOutcomeLabel } from './order-labels.ts';

const OUTCOME_COLORS: Record<NonNullable<OrderBet['outcome']> | 'NONE', string> = {
  WIN: 'red.8',
  LOSE: 'gray.7',
  PUSH: 'orange.9',
  NONE: 'blue.8',
};

export function OrderBetList({ order }: { order: OrderDetail }) {
  // 六合彩's 生肖 table depends on the draw date; the order's date stands for it.
  const drawDate = formatDay(beijingDayOf(order.createdAt));
  return (
    <Stack gap="sm" data-testid="order-bets">
      {order.bets.map((bet) => (
        <OrderBetCard key={bet.seq} drawType={order.drawType} playMode={order.playMode} bet={bet} drawDate={drawDate} />
      ))}
    </Stack>
  );
}

function OrderBetCard({ drawType, playMode, bet, drawDate }: { drawType: string; playMode: OrderDetail['playMode']; bet: OrderBet; drawDate: string }) {
  const description = useMemo(() => describeBet(drawType, playMode, bet, drawDate), [drawType, playMode, bet, drawDate]);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="order-bet">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600}>{description.title}</Text>
        <Badge color={OUTCOME_COLORS[bet.outcome ?? 'NONE']} variant="filled" style={{ flexShrink: 0 }}>
          {betOutcomeLabel(bet.outcome)}
        </Badge>
      </Group>
      <BetSelection description={description} />
      <Text size="sm" mt={4} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {bet.betCount} 注 · 投注 {formatMoney(bet.stake)} · 派奖 {formatMoney(bet.payout)}
        {bet.rebate > 0 && ` · 返点 ${formatMoney(bet.rebate)}`}
      </Text>
      {description.hits.length > 0 && (
        <List size="sm" mt={4} c="red.8" data-testid="order-bet-hits">
          {description.hits.map((hit) => (
            <List.Item key={hit}>{hit}</List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}

function BetSelection({ description }: { description: BetDescription }) {
  return (
    <Stack gap={0} mt={4}>
      {description.selection.map((line) => (
        <Text key={line} size="sm" style={{ wordBreak: 'break-all' }}>
          {line}
        </Text>
      ))}
      {description.settings && (
        <Text size="xs" c="dimmed">
          {description.settings}
        </Text>
      )}
    </Stack>
  );
}

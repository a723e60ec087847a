import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { Figures } from '../../../../shared/api/agent-reports.ts';
import { formatMoneyGrouped } from '../../../../shared/money.ts';

export const FIGURE_LABELS: [keyof Figures, string][] = [
  ['bets', '投注'],
  ['wins', '中奖'],
  ['rebates', '返点'],
  ['commission', '佣金'],
  ['bonuses', '分红/活动'],
  ['deposits', '充值'],
  ['withdrawals', '提现'],
  ['profit', '盈亏'],
];

/** One labelled tile. */
export function Tile({ label, value, testId, tone }: { label: string; value: string; testId?: string; tone?: 'up' | 'down' }) {
  return (
    <Paper withBorder p="xs" radius="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="sm" c={tone === 'up' ? 'teal.8' : tone === 'down' ? 'red.8' : undefined} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

export const toneOf = (amount: number) => (amount > 0 ? 'up' : amount < 0 ? 'down' : undefined);

/** The money figures of a range as tiles; `prefix` names their test ids (e.g. overview-bets). */
export function FigureGrid({ figures, prefix }: { figures: Figures; prefix: string }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
      {FIGURE_LABELS.map(([key, label]) => (
        <Tile
          key={key}
          label={label}
          value={formatMoneyGrouped(figures[key])}
          testId={`${prefix}-${key}`}
          tone={key === 'profit' ? toneOf(figures.profit) : undefined}
        />
      ))}
    </SimpleGrid>
  );
}

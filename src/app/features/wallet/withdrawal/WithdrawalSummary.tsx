import { Button, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WithdrawalConfig } from '../../../../shared/api/withdrawals.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { errorMessage } from '../../../lib/api/errors.ts';
import { toastError } from '../../../lib/notify.ts';
import { refreshRequiredStake } from './withdrawal-queries.ts';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

/** Balance, the required stake still to bet (with 刷新), and today's use against the daily limits. */
export function WithdrawalSummary({ config, online }: { config: WithdrawalConfig; online: boolean }) {
  const queryClient = useQueryClient();
  const refresh = useMutation({
    mutationFn: () => refreshRequiredStake(queryClient),
    onError: (error) => toastError(errorMessage(error)),
  });
  return (
    <Card withBorder padding="md" data-testid="withdrawal-summary">
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        <Figure label="可提现余额" value={formatMoney(config.balance)} testId="withdrawal-balance" />
        <div>
          <Text size="xs" c="dimmed">
            剩余流水要求
          </Text>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} c={config.requiredStakeRemaining > 0 ? 'orange' : undefined} data-testid="required-stake" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(config.requiredStakeRemaining)}
            </Text>
            <Button size="compact-xs" variant="light" onClick={() => refresh.mutate()} loading={refresh.isPending} disabled={!online} data-testid="required-stake-refresh">
              刷新
            </Button>
          </Group>
        </div>
        <Figure label="今日已提现次数" value={`${config.usedToday.count} / ${config.dailyCountLimit} 次`} testId="used-today-count" />
        <Figure label="今日已提现金额" value={`${formatMoney(config.usedToday.amount)} / ${formatMoney(config.dailyAmountLimit)}`} testId="used-today-amount" />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="sm">
        单笔 {formatMoney(config.minAmount)} ~ {formatMoney(config.maxAmount)}
        {config.feeRateBp > 0 || config.feeMin > 0 ? `；手续费 ${(config.feeRateBp / 100).toFixed(2)}%，最低 ${formatMoney(config.feeMin)}` : '；免手续费'}
      </Text>
      {config.requiredStakeRemaining > 0 && (
        <Text size="sm" c="orange" mt="xs" data-testid="required-stake-note">
          还需完成 {formatMoney(config.requiredStakeRemaining)} 的有效投注才能提现
        </Text>
      )}
    </Card>
  );
}

// Period results of bonus contracts: figures, amount and status; approve / reject when I decide them.
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BONUS_STATUS_NAMES, type BonusResult } from '../../../../shared/api/agent-commission.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { OFFLINE_MONEY_REASON, useOnline } from '../../../lib/online.ts';
import { reportActionError } from '../../accounts/common/action-error.ts';
import { decideResult, refreshCommission } from './commission-queries.ts';
import { contractTitle, percent } from './format.ts';

const STATUS_COLORS: Record<BonusResult['status'], string> = { PAID: 'green', REJECTED: 'gray', WAITING_FOR_APPROVAL: 'orange', NOT_ACHIEVED: 'gray' };

function ResultCard({ result, decidable }: { result: BonusResult; decidable: boolean }) {
  const queryClient = useQueryClient();
  // 通过 pays the member: a money action, so offline both decisions wait with the reason shown (decisions §7).
  const online = useOnline();
  const decide = useMutation({
    mutationFn: (approve: boolean) => decideResult(result.id, approve),
    onSuccess: (_, approve) => toastSuccess(approve ? '已审核通过，奖金已发放' : '已拒绝'),
    onError: reportActionError,
    onSettled: () => void refreshCommission(queryClient),
  });
  return (
    <Card withBorder padding="sm" data-testid="bonus-result">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {result.username} · {contractTitle(result)}
        </Text>
        <Badge color={STATUS_COLORS[result.status]}>{BONUS_STATUS_NAMES[result.status]}</Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {result.periodStart === result.periodEnd ? result.periodStart : `${result.periodStart} 至 ${result.periodEnd}`}
      </Text>
      <Text size="sm">
        团队投注 {formatMoney(result.teamVolume)} · 活跃 {result.activeMembers} 人 · 团队亏损 {formatMoney(Math.max(0, result.teamLoss))}
      </Text>
      {result.memberDeduction > 0 && (
        <Text size="sm" data-testid="bonus-deduction">
          团队应得 {formatMoney(result.grossAmount)} · 下级契约扣除 {formatMoney(result.memberDeduction)}
        </Text>
      )}
      <Text size="sm">
        比例 {percent(result.rate)} · 金额 <b>{formatMoney(result.amount)}</b>
      </Text>
      {decidable && result.status === 'WAITING_FOR_APPROVAL' && (
        <>
          <Group justify="flex-end" mt={6}>
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => decide.mutate(false)}
              disabled={!online}
              loading={decide.isPending && decide.variables === false}
            >
              拒绝
            </Button>
            <Button
              size="compact-sm"
              onClick={() => decide.mutate(true)}
              disabled={!online}
              loading={decide.isPending && decide.variables === true}
              data-testid="bonus-approve"
            >
              通过
            </Button>
          </Group>
          {!online && (
            <Text size="xs" c="dimmed" ta="right" data-testid="bonus-offline">
              {OFFLINE_MONEY_REASON}
            </Text>
          )}
        </>
      )}
    </Card>
  );
}

export function BonusResultList({ results, decidable, empty }: { results: readonly BonusResult[]; decidable: boolean; empty: string }) {
  if (results.length === 0) return <Text c="dimmed" size="sm">{empty}</Text>;
  return (
    <Stack gap={6}>
      {results.map((r) => (
        <ResultCard key={r.id} result={r} decidable={decidable} />
      ))}
    </Stack>
  );
}

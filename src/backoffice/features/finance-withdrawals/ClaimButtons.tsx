import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WithdrawalQueueItem } from '../../../shared/backoffice/finance-withdrawals.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { useOperator } from '../../lib/operator.ts';
import { claim, refreshWithdrawals, release } from './queries.ts';

/** Whether the signed-in operator holds the request (the queue names the claimer by username). */
export function useClaimedByMe(claimedBy: string | null): boolean {
  const { operator } = useOperator();
  return operator !== null && claimedBy !== null && (claimedBy === operator.username || claimedBy === operator.displayName);
}

/**
 * 领取 a request the automatic audit handed to a person (only the claimer may then decide it), 释放 one
 * the operator holds (auditors only; the server has the last word).
 */
export function ClaimButtons({ item }: { item: Pick<WithdrawalQueueItem, 'id' | 'status' | 'claimedBy'> }) {
  const queryClient = useQueryClient();
  const { can } = useOperator();
  const mine = useClaimedByMe(item.claimedBy);
  const action = useMutation({
    mutationFn: (kind: 'claim' | 'release') => (kind === 'claim' ? claim(item.id) : release(item.id)),
    onSuccess: (_result, kind) => notifications.show({ color: 'teal', message: kind === 'claim' ? '已领取' : '已释放' }),
    onError: (error) => notifications.show({ color: 'red', title: '操作失败', message: errorMessage(error) }),
    onSettled: () => refreshWithdrawals(queryClient),
  });
  if (!can('finance.withdrawals.audit')) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {item.status === 'AUTO_AUDIT_FAILED' && item.claimedBy === null && (
        <Button size="compact-xs" onClick={() => action.mutate('claim')} loading={action.isPending} data-testid="claim-withdrawal">
          领取
        </Button>
      )}
      {item.status === 'AUDITING' && mine && (
        <Button size="compact-xs" variant="default" onClick={() => action.mutate('release')} loading={action.isPending} data-testid="release-withdrawal">
          释放
        </Button>
      )}
    </Group>
  );
}

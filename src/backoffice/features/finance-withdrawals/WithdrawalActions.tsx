// The decisions on one withdrawal, each shown only to a role that may take it: 通过 (for a large
// amount this files the second approval), 拒绝 with the reason the player reads, 重新查询 a payout in doubt.
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WithdrawalDetail } from '../../../shared/backoffice/finance-withdrawals.ts';
import { formatMoneyGrouped } from '../../../shared/money.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { ReasonModal } from '../../components/ReasonModal.tsx';
import { useOperator } from '../../lib/operator.ts';
import { ClaimButtons, useClaimedByMe } from './ClaimButtons.tsx';
import { approve, recheck, refreshWithdrawals, reject } from './queries.ts';

type Dialog = 'approve' | 'reject' | null;

export function WithdrawalActions({ withdrawal }: { withdrawal: WithdrawalDetail }) {
  const queryClient = useQueryClient();
  const { can } = useOperator();
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = () => refreshWithdrawals(queryClient);
  const requery = useMutation({
    mutationFn: () => recheck(withdrawal.id),
    onSuccess: () => notifications.show({ color: 'teal', message: '已向支付网关重新查询出款结果' }),
    onError: (error) => notifications.show({ color: 'red', title: '查询失败', message: errorMessage(error) }),
    onSettled: refresh,
  });
  const mine = useClaimedByMe(withdrawal.claimedBy);
  const auditor = can('finance.withdrawals.audit');
  // The claimer decides; a large one then waits (WAITING_FOR_AUDIT) for a different operator with the approve permission.
  const deciding = auditor && withdrawal.status === 'AUDITING' && mine;
  const pendingSecond = withdrawal.status === 'WAITING_FOR_AUDIT' && withdrawal.approvalId !== null;
  const secondApprover = auditor && pendingSecond && can('finance.withdrawals.approve');
  return (
    <>
      <Group gap="xs">
        <ClaimButtons item={withdrawal} />
        {deciding && (
          <Button color="teal" onClick={() => setDialog('approve')} data-testid="approve-withdrawal">
            通过
          </Button>
        )}
        {secondApprover && (
          <Button color="teal" onClick={() => setDialog('approve')} data-testid="second-approve-withdrawal">
            二次审批通过
          </Button>
        )}
        {(deciding || secondApprover) && (
          <Button color="red" variant="light" onClick={() => setDialog('reject')} data-testid="reject-withdrawal">
            拒绝
          </Button>
        )}
        {auditor && withdrawal.payoutState === 'IN_DOUBT' && (
          <Button variant="light" color="orange" onClick={() => requery.mutate()} loading={requery.isPending} data-testid="recheck-withdrawal">
            重新查询
          </Button>
        )}
      </Group>
      {auditor && withdrawal.status === 'AUTO_AUDIT_FAILED' && (
        <Text size="sm" c="dimmed">
          领取后才能审核；领取期间只有你能通过或拒绝。
        </Text>
      )}
      {auditor && withdrawal.status === 'AUDITING' && !mine && (
        <Text size="sm" c="dimmed">
          已由 {withdrawal.claimedBy} 领取审核。
        </Text>
      )}
      {pendingSecond && (
        <Text size="sm" c="grape" data-testid="second-approval-pending">
          已提交二次审批（审批单 #{withdrawal.approvalId}），须由另一位操作员在“审批队列”或本页批准后出款。
        </Text>
      )}
      <ReasonModal
        opened={dialog === 'approve'}
        title="通过提现"
        description={
          <Text size="sm">
            通过 {withdrawal.username} 的提现 {formatMoneyGrouped(withdrawal.amount)}（实际到账 {formatMoneyGrouped(withdrawal.netAmount)}）。
            {pendingSecond
              ? '作为第二位审批人批准后将立即出款（须与第一位审核人不同）。'
              : withdrawal.needsSecondApprover
                ? '金额较大：通过后将提交审批，须由另一位操作员在“审批队列”中批准后才会出款。'
                : '通过后将立即向支付网关出款。'}
          </Text>
        }
        confirmLabel="确认通过"
        confirmColor="teal"
        onClose={() => setDialog(null)}
        onConfirm={async (reason) => {
          const result = await approve(withdrawal.id, reason);
          notifications.show({
            color: 'teal',
            message: result.approvalId !== null ? `已提交二次审批（审批单 #${result.approvalId}），须由另一位操作员在“审批队列”中批准` : '已通过，正在出款',
          });
          await refresh();
        }}
      />
      <ReasonModal
        opened={dialog === 'reject'}
        title="拒绝提现"
        description={<Text size="sm">拒绝后金额退回玩家余额。原因将显示给玩家。</Text>}
        confirmLabel="确认拒绝"
        confirmColor="red"
        onClose={() => setDialog(null)}
        onConfirm={async (reason) => {
          await reject(withdrawal.id, reason);
          notifications.show({ color: 'teal', message: '已拒绝，金额已退回玩家余额' });
          await refresh();
        }}
      />
    </>
  );
}

import { Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Withdrawal } from '../../../../shared/api/withdrawals.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { toastSuccess } from '../../../lib/notify.ts';
import { useOnline } from '../../../lib/online.ts';
import { reportActionError } from '../../accounts/common/action-error.ts';
import { cancelWithdrawal, refreshWallet } from './withdrawal-queries.ts';

/** 取消: while the request is still cancellable; the amount goes back to the balance. */
export function CancelWithdrawalButton({ withdrawal }: { withdrawal: Withdrawal }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelWithdrawal(withdrawal.id),
    onSuccess: () => toastSuccess('提现已取消，金额已退回余额'),
    onError: reportActionError,
    onSettled: () => {
      setConfirming(false);
      void refreshWallet(queryClient);
    },
  });
  return (
    <>
      <Button size="compact-sm" variant="outline" color="red" onClick={() => setConfirming(true)} disabled={!online} data-testid="cancel-withdrawal">
        取消
      </Button>
      <Dialog opened={confirming} onClose={() => setConfirming(false)} title="取消提现" testId="cancel-withdrawal-confirm">
        <Text size="sm">
          确定取消提现 {withdrawal.reference}（{formatMoney(withdrawal.amount)}）吗？金额将退回余额。
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
            再想想
          </Button>
          <Button color="red" onClick={() => cancel.mutate()} loading={cancel.isPending}>
            确认取消
          </Button>
        </Group>
      </Dialog>
    </>
  );
}

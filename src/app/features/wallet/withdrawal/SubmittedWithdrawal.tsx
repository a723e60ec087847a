import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Withdrawal } from '../../../../shared/api/withdrawals.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { PAYMENT_STATUS_TEXT } from '../../../../shared/wallet/payment-status.ts';
import { withdrawalHistoryQueryOptions } from './withdrawal-queries.ts';

/** The request just made, its status kept current by the history's live refetches. */
export function SubmittedWithdrawal({ withdrawal }: { withdrawal: Withdrawal }) {
  const recent = useQuery(withdrawalHistoryQueryOptions({ page: 1, pageSize: 20 }));
  const current = recent.data?.items.find((item) => item.id === withdrawal.id) ?? withdrawal;
  return (
    <Alert color="teal" title="提现申请已提交" data-testid="withdrawal-submitted">
      <Text size="sm">
        单号 {current.reference}，{formatMoney(current.amount)} → {current.payoutAccountLabel}
      </Text>
      <Text size="sm" fw={600}>
        状态：<span data-testid="withdrawal-submitted-status">{PAYMENT_STATUS_TEXT[current.status]}</span>
      </Text>
      {current.reason && <Text size="sm">原因：{current.reason}</Text>}
      <Anchor component={Link} to="/wallet/withdrawal-history" size="sm">
        查看提现记录
      </Anchor>
    </Alert>
  );
}

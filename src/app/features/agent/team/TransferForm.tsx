import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { TransferRequestSchema, type Transfer } from '../../../../shared/api/agent-team.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { amountRule } from '../../../../shared/validation/amount.ts';
import { isDefinitiveRefusal } from '../../../lib/api/errors.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { OFFLINE_MONEY_REASON, useOnline } from '../../../lib/online.ts';
import { reportActionError } from '../../accounts/common/action-error.ts';
import { serverFieldErrors, toastFirstFormError } from '../../accounts/common/form-errors.ts';
import { PasswordField } from '../../accounts/common/PasswordField.tsx';
import { QueryState } from './QueryState.tsx';
import { refreshTeam, transferConfigQueryOptions, transferRequest } from './team-queries.ts';

type Values = { amount: string; moneyPassword: string };

/** Amount + money password → 转账 to one direct member, with the agent's balance and today's room shown. */
export function TransferForm({ member, onDone }: { member: { id: number; username: string }; onDone?: (transfer: Transfer) => void }) {
  const config = useQuery(transferConfigQueryOptions());
  const queryClient = useQueryClient();
  // Money moves only online (decisions §7): offline the form is off and says why, nothing is queued.
  const online = useOnline();
  // One key per transfer the agent means: a retry after no answer reuses it, so the money never moves twice.
  const clientKey = useRef(crypto.randomUUID());
  const limits = config.data;
  const form = useForm<Values>({
    initialValues: { amount: '', moneyPassword: '' },
    validate: (values) => {
      const errors: Record<string, string> = {};
      const rule = amountRule({ label: '转账金额', ...(limits ? { min: limits.minAmount, max: limits.maxAmount } : {}) }).required;
      const amount = rule.safeParse(values.amount);
      if (!amount.success) errors.amount = amount.error.issues[0]?.message ?? '';
      const password = TransferRequestSchema.shape.moneyPassword.safeParse(values.moneyPassword);
      if (!password.success) errors.moneyPassword = password.error.issues[0]?.message ?? '';
      return errors;
    },
  });
  const submit = useMutation({
    mutationFn: (values: Values) =>
      transferRequest({ memberId: member.id, amount: values.amount.trim(), moneyPassword: values.moneyPassword, clientKey: clientKey.current }),
    onSuccess: (transfer) => {
      clientKey.current = crypto.randomUUID();
      form.reset();
      toastSuccess(`已向 ${transfer.username} 转账 ${formatMoney(transfer.amount)}`);
      void refreshTeam(queryClient);
      onDone?.(transfer);
    },
    onError: (error) => {
      // Only a refusal ends this request; after no real answer (a 5xx, no response) a retry is the same request.
      if (isDefinitiveRefusal(error)) clientKey.current = crypto.randomUUID();
      form.setErrors(serverFieldErrors(error));
      reportActionError(error);
    },
  });
  if (!limits) return <QueryState query={config} offlineText="联网后即可转账" />;
  if (!limits.hasMoneyPassword) {
    return (
      <Alert title="请先设置资金密码" data-testid="transfer-needs-money-password">
        转账需要资金密码。
        <Text component={Link} to="/account/center" c="red.8" inherit>
          前往个人中心设置
        </Text>
      </Alert>
    );
  }
  const left = Math.max(0, limits.dailyAmountLimit - limits.usedToday);
  return (
    <form
      onSubmit={form.onSubmit((values) => {
        if (online) submit.mutate(values);
      }, toastFirstFormError)}
      noValidate
      aria-label="团队转账"
      data-testid="transfer-form"
    >
      <fieldset disabled={!online} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <Text size="sm">
            转给 <b data-testid="transfer-member">{member.username}</b> · 我的余额 <span data-testid="transfer-balance">{formatMoney(limits.balance)}</span>
          </Text>
          <Text size="xs" c="dimmed">
            单笔 {formatMoney(limits.minAmount)} ~ {formatMoney(limits.maxAmount)}，今日还可转账 {formatMoney(left)}
          </Text>
          <TextInput label="转账金额（元）" inputMode="decimal" autoComplete="off" {...form.getInputProps('amount')} />
          <PasswordField label="资金密码" autoComplete="off" {...form.getInputProps('moneyPassword')} />
          <Button type="submit" loading={submit.isPending} fullWidth>
            确认转账
          </Button>
          {!online && (
            <Text size="sm" c="dimmed" data-testid="transfer-offline">
              {OFFLINE_MONEY_REASON}
            </Text>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}

import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { WithdrawalRequestSchema, type Withdrawal, type WithdrawalConfig } from '../../../../shared/api/withdrawals.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { amountRule } from '../../../../shared/validation/amount.ts';
import { readAmount } from '../../../../shared/validation/amount-text.ts';
import { isDefinitiveRefusal } from '../../../lib/api/errors.ts';
import { reportActionError } from '../../accounts/common/action-error.ts';
import { serverFieldErrors, toastFirstFormError } from '../../accounts/common/form-errors.ts';
import { PasswordField } from '../../accounts/common/PasswordField.tsx';
import { netAmount, withdrawalFee } from './withdrawal-fee.ts';
import { refreshWallet, requestWithdrawal } from './withdrawal-queries.ts';

type Values = { amount: string; moneyPassword: string };

export const SELECT_ACCOUNT_MESSAGE = '请选择收款账户';

export interface WithdrawFormProps {
  config: WithdrawalConfig;
  /** The chosen payout account, or null when the tab has none yet. */
  payoutAccountId: number | null;
  disabled: boolean;
  onSubmitted: (withdrawal: Withdrawal, payoutAccountId: number) => void;
}

/** Amount + money password → 提交, with the fee and 实际到账 shown as the amount is typed. */
export function WithdrawForm({ config, payoutAccountId, disabled, onSubmitted }: WithdrawFormProps) {
  const queryClient = useQueryClient();
  // One key per request the player means: a retry after no answer reuses it, so the server never withdraws twice.
  const clientKey = useRef(crypto.randomUUID());
  const amountCheck = amountRule({ label: '提现金额', min: config.minAmount, max: config.maxAmount }).required;
  const form = useForm<Values>({
    initialValues: { amount: '', moneyPassword: '' },
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (payoutAccountId === null) errors.payoutAccountId = SELECT_ACCOUNT_MESSAGE;
      const amount = amountCheck.safeParse(values.amount);
      if (!amount.success) errors.amount = amount.error.issues[0]?.message ?? '';
      const password = WithdrawalRequestSchema.shape.moneyPassword.safeParse(values.moneyPassword);
      if (!password.success) errors.moneyPassword = password.error.issues[0]?.message ?? '';
      return errors;
    },
  });
  const submit = useMutation({
    mutationFn: ({ values, accountId }: { values: Values; accountId: number }) =>
      // The amount travels as the 元 text typed: the shared rule parses it into 0.0001 元 on the server too.
      requestWithdrawal({ payoutAccountId: accountId, amount: values.amount.trim(), moneyPassword: values.moneyPassword, clientKey: clientKey.current }),
    onSuccess: (withdrawal, { accountId }) => {
      clientKey.current = crypto.randomUUID();
      form.reset();
      onSubmitted(withdrawal, accountId);
      void refreshWallet(queryClient);
    },
    onError: (error) => {
      // Only a refusal ends this request; after no real answer (a 5xx, no response) a retry is the same request.
      if (isDefinitiveRefusal(error)) clientKey.current = crypto.randomUUID();
      form.setErrors(serverFieldErrors(error));
      reportActionError(error);
    },
  });
  const typed = readAmount(form.values.amount.trim());
  const amount = typed !== null && typed > 0 ? typed : 0;
  return (
    <form
      onSubmit={form.onSubmit((values) => {
        if (payoutAccountId !== null) submit.mutate({ values, accountId: payoutAccountId });
      }, toastFirstFormError)}
      noValidate
      aria-label="提现"
      data-testid="withdraw-form"
    >
      <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <TextInput label="提现金额（元）" inputMode="decimal" autoComplete="off" placeholder={`${formatMoney(config.minAmount)} ~ ${formatMoney(config.maxAmount)}`} {...form.getInputProps('amount')} />
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              手续费：<span data-testid="withdrawal-fee">{formatMoney(withdrawalFee(amount, config))}</span>
            </Text>
            <Text size="sm" fw={600}>
              实际到账：<span data-testid="withdrawal-net">{formatMoney(netAmount(amount, config))}</span>
            </Text>
          </Group>
          <PasswordField label="资金密码" autoComplete="off" {...form.getInputProps('moneyPassword')} />
          <Button type="submit" loading={submit.isPending} fullWidth>
            提交
          </Button>
        </Stack>
      </fieldset>
    </form>
  );
}

// Amount (recommended-amount chips or typed) for the chosen method, the payer's name for an offline one,
// the fee and 实际到账 as the amount is typed, then 立即充值. Rules are the server's (deposit-form.ts).
import { Button, Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { Deposit, DepositMethodView } from '../../../../shared/api/deposits.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { formatAmountPlain } from '../../../../shared/validation/amount-text.ts';
import { isDefinitiveRefusal } from '../../../lib/api/errors.ts';
import { reportActionError } from '../../accounts/common/action-error.ts';
import { serverFieldErrors, toastFirstFormError } from '../../accounts/common/form-errors.ts';
import { createDeposit, refreshDeposits } from './deposit-queries.ts';
import { depositFormErrors, depositPreview, type DepositFormValues } from './deposit-form.ts';

export interface DepositFormProps {
  method: DepositMethodView;
  disabled: boolean;
  onCreated: (deposit: Deposit) => void;
}

export function DepositForm({ method, disabled, onCreated }: DepositFormProps) {
  const queryClient = useQueryClient();
  // One key per deposit the player means: a retry after no answer reuses it, so no second order is made.
  const clientKey = useRef(crypto.randomUUID());
  const form = useForm<DepositFormValues>({
    initialValues: { amount: '', payerName: '' },
    validate: (values) => depositFormErrors(values, method),
  });
  const submit = useMutation({
    mutationFn: (values: DepositFormValues) =>
      createDeposit({
        methodCode: method.code,
        amount: values.amount.trim(),
        ...(method.kind === 'OFFLINE' ? { payerName: values.payerName.trim() } : {}),
        clientKey: clientKey.current,
      }),
    onSuccess: (deposit) => {
      clientKey.current = crypto.randomUUID();
      void refreshDeposits(queryClient);
      onCreated(deposit);
    },
    onError: (error) => {
      // Only a refusal ends this request; after no real answer (a 5xx, no response) a retry is the same request.
      if (isDefinitiveRefusal(error)) clientKey.current = crypto.randomUUID();
      form.setErrors(serverFieldErrors(error));
      reportActionError(error);
    },
  });
  const preview = depositPreview(form.values.amount, method);
  const chosen = form.values.amount.trim();
  const charged = method.feeRateBp > 0 || method.feeFixed > 0;
  return (
    <form onSubmit={form.onSubmit((values) => submit.mutate(values), toastFirstFormError)} noValidate aria-label="充值" data-testid="deposit-form">
      <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          {method.recommendedAmounts.length > 0 && (
            <Chip.Group
              value={chosen}
              onChange={(value) => form.setFieldValue('amount', typeof value === 'string' ? value : '')}
            >
              <Group gap={6} data-testid="recommended-amounts" role="group" aria-label="推荐金额">
                {method.recommendedAmounts.map((amount) => (
                  <Chip key={amount} value={formatAmountPlain(amount)} size="sm" disabled={disabled}>
                    ¥{formatAmountPlain(amount)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          )}
          <TextInput
            label="充值金额（元）"
            inputMode={method.integerOnly ? 'numeric' : 'decimal'}
            autoComplete="off"
            placeholder={`${formatAmountPlain(method.minAmount)} ~ ${formatAmountPlain(method.maxAmount)}`}
            description={`单笔 ${formatMoney(method.minAmount)} ~ ${formatMoney(method.maxAmount)}${method.integerOnly ? '，仅限整数' : ''}`}
            {...form.getInputProps('amount')}
          />
          {method.kind === 'OFFLINE' && <TextInput label="付款人姓名" autoComplete="name" placeholder="转出账户的户名" {...form.getInputProps('payerName')} />}
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              手续费：<span data-testid="deposit-fee">{formatMoney(preview.fee)}</span>
              {charged && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  （{method.feeRateBp / 100}%{method.feeFixed > 0 ? ` + ${formatMoney(method.feeFixed)}` : ''}）
                </Text>
              )}
            </Text>
            <Text size="sm" fw={600}>
              实际到账：<span data-testid="deposit-credited">{formatMoney(preview.credited)}</span>
            </Text>
          </Group>
          <Button type="submit" loading={submit.isPending} fullWidth size="md" color="orange">
            立即充值
          </Button>
        </Stack>
      </fieldset>
    </form>
  );
}

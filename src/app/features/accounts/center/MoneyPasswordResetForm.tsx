import { Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { ACCOUNTS_PATHS, MoneyPasswordResetBodySchema, OkSchema } from '../../../../shared/api/accounts.ts';
import { apiPut } from '../../../lib/api/client.ts';
import { serverFieldErrors, toastFirstFormError } from '../common/form-errors.ts';
import { PasswordField } from '../common/PasswordField.tsx';
import type { CodeChannel } from '../common/SendCodeButton.tsx';
import { useAccountAction } from '../common/use-account-action.ts';
import { VerificationFields } from '../common/VerificationFields.tsx';

type Values = {
  phoneVerification: { phone: string; verificationCode: string };
  emailVerification: { email: string; verificationCode: string };
  newMoneyPassword: string;
  confirmMoneyPassword: string;
};

const EMPTY: Values = {
  phoneVerification: { phone: '', verificationCode: '' },
  emailVerification: { email: '', verificationCode: '' },
  newMoneyPassword: '',
  confirmMoneyPassword: '',
};

/** A forgotten money password: reset with a code sent to the bound phone or e-mail. */
export function MoneyPasswordResetForm({ phoneBound, emailBound }: { phoneBound: boolean; emailBound: boolean }) {
  const [channel, setChannel] = useState<CodeChannel>(phoneBound || !emailBound ? 'phone' : 'email');
  const bodyOf = (values: Values) => ({
    ...(channel === 'phone' ? { phoneVerification: values.phoneVerification } : { emailVerification: values.emailVerification }),
    newMoneyPassword: values.newMoneyPassword,
    confirmMoneyPassword: values.confirmMoneyPassword,
  });
  const form = useForm<Values>({ initialValues: EMPTY, validate: (values) => schemaResolver(MoneyPasswordResetBodySchema, { sync: true })(bodyOf(values)) });
  const save = useAccountAction((body: object) => apiPut(ACCOUNTS_PATHS.moneyPasswordReset, body, OkSchema), {
    success: '资金密码已重置',
    onDone: () => form.reset(),
  });
  if (!phoneBound && !emailBound) {
    return <Text size="sm">重置资金密码需要先绑定手机号码或邮箱。</Text>;
  }
  return (
    <form
      onSubmit={form.onSubmit((values) => save.mutate(bodyOf(values), { onError: (error) => form.setErrors(serverFieldErrors(error)) }), toastFirstFormError)}
      noValidate
      data-testid="money-password-reset-form"
    >
      <Stack gap="sm">
        {phoneBound && emailBound && (
          <SegmentedControl
            value={channel}
            onChange={(value) => setChannel(value as CodeChannel)}
            data={[
              { value: 'phone', label: '通过手机' },
              { value: 'email', label: '通过邮箱' },
            ]}
            aria-label="验证方式"
          />
        )}
        <Text size="xs" c="dimmed">
          请输入已绑定的{channel === 'phone' ? '手机号码' : '邮箱'}以接收验证码。
        </Text>
        <VerificationFields form={form} channel={channel} prefix={channel === 'phone' ? 'phoneVerification' : 'emailVerification'} />
        <PasswordField label="新资金密码" autoComplete="new-password" {...form.getInputProps('newMoneyPassword')} />
        <PasswordField label="确认资金密码" autoComplete="new-password" {...form.getInputProps('confirmMoneyPassword')} />
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          重置资金密码
        </Button>
      </Stack>
    </form>
  );
}

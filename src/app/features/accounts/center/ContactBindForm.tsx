import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ACCOUNTS_PATHS, CustomerInfoSchema, EmailBindBodySchema, PhoneBindBodySchema } from '../../../../shared/api/accounts.ts';
import { apiPut } from '../../../lib/api/client.ts';
import type { CodeChannel } from '../common/SendCodeButton.tsx';
import { serverFieldErrors, toastFirstFormError } from '../common/form-errors.ts';
import { applyCustomerInfo, useAccountAction } from '../common/use-account-action.ts';
import { VerificationFields } from '../common/VerificationFields.tsx';

const CHANNELS = {
  phone: { label: '手机号码', path: ACCOUNTS_PATHS.phone, schema: PhoneBindBodySchema },
  email: { label: '邮箱', path: ACCOUNTS_PATHS.email, schema: EmailBindBodySchema },
} as const;

type Values = { phone: string; email: string; verificationCode: string; password: string };

/** Binding or changing a phone / e-mail: the code sent to the new address and the login password. */
export function ContactBindForm({ channel, current }: { channel: CodeChannel; current: string | null }) {
  const config = CHANNELS[channel];
  const form = useForm<Values>({
    initialValues: { phone: '', email: '', verificationCode: '', password: '' },
    validate: (values) => schemaResolver(config.schema, { sync: true })(bodyOf(values)),
  });
  const bodyOf = (values: Values) => ({ [channel]: values[channel].trim(), verificationCode: values.verificationCode.trim(), password: values.password });
  const save = useAccountAction((body: object) => apiPut(config.path, body, CustomerInfoSchema), {
    success: `${config.label}已绑定`,
    onDone: (info, queryClient) => {
      applyCustomerInfo(queryClient, info);
      form.reset();
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => save.mutate(bodyOf(values), { onError: (error) => form.setErrors(serverFieldErrors(error)) }), toastFirstFormError)}
      noValidate
      data-testid={`bind-${channel}`}
    >
      <Stack gap="sm">
        <Text size="sm" data-testid={`current-${channel}`}>
          当前{config.label}：{current ?? '未绑定'}
        </Text>
        <VerificationFields form={form} channel={channel} prefix="" />
        <PasswordInput
          label="登录密码"
          autoComplete="current-password"
          visibilityToggleButtonProps={{ 'aria-label': '显示或隐藏密码' }}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {current ? `更换${config.label}` : `绑定${config.label}`}
        </Button>
      </Stack>
    </form>
  );
}

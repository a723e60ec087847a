import { Anchor, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { OkSchema, PASSWORD_RESET_DONE_MESSAGE, PASSWORD_RESET_PATHS, PasswordResetBodySchema } from '../../../../shared/api/password-reset.ts';
import { VERIFICATION_CODE_MAX_LENGTH } from '../../../../shared/validation/index.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { apiPut } from '../../../lib/api/client.ts';
import { useOnline } from '../../../lib/online.ts';
import { serverFieldErrors, toastFirstFormError } from '../common/form-errors.ts';
import { PasswordField } from '../common/PasswordField.tsx';
import type { CodeChannel } from '../common/SendCodeButton.tsx';
import { useAccountAction } from '../common/use-account-action.ts';
import { ResetCodeButton } from './ResetCodeButton.tsx';

type Values = {
  username: string;
  phoneVerification: { phone: string; verificationCode: string };
  emailVerification: { email: string; verificationCode: string };
  newPassword: string;
  confirmPassword: string;
};

const CONTACT = {
  phone: { group: 'phoneVerification', field: 'phone', label: '手机号码', type: 'tel', autoComplete: 'tel' },
  email: { group: 'emailVerification', field: 'email', label: '邮箱', type: 'email', autoComplete: 'email' },
} as const;

export interface PasswordResetModalProps {
  /** What the login form held: the name to reset. */
  initialUsername: string;
  /** Back to the login form, with the name whose password was reset (or the one typed here). */
  onBack: (username: string) => void;
  onClose: () => void;
}

/** 忘记密码: a code to the account's verified phone or e-mail, then a new login password. */
export default function PasswordResetModal({ initialUsername, onBack, onClose }: PasswordResetModalProps) {
  const online = useOnline();
  const [channel, setChannel] = useState<CodeChannel>('phone');
  const contact = CONTACT[channel];
  const bodyOf = (values: Values) => ({
    username: values.username.trim(),
    ...(channel === 'phone' ? { phoneVerification: values.phoneVerification } : { emailVerification: values.emailVerification }),
    newPassword: values.newPassword,
    confirmPassword: values.confirmPassword,
  });
  const form = useForm<Values>({
    initialValues: {
      username: initialUsername,
      phoneVerification: { phone: '', verificationCode: '' },
      emailVerification: { email: '', verificationCode: '' },
      newPassword: '',
      confirmPassword: '',
    },
    validate: (values) => schemaResolver(PasswordResetBodySchema, { sync: true })(bodyOf(values)),
  });
  const reset = useAccountAction((body: object) => apiPut(PASSWORD_RESET_PATHS.reset, body, OkSchema), {
    success: PASSWORD_RESET_DONE_MESSAGE,
    onDone: () => onBack(form.getValues().username.trim()),
  });
  const path = (name: string) => `${contact.group}.${name}`;

  return (
    <Dialog opened onClose={onClose} title="忘记密码" size="sm" testId="password-reset-modal">
      <form
        onSubmit={form.onSubmit((values) => reset.mutate(bodyOf(values), { onError: (error) => form.setErrors(serverFieldErrors(error)) }), toastFirstFormError)}
        noValidate
      >
        <Stack gap="sm">
          <TextInput label="用户名" name="username" autoComplete="username" {...form.getInputProps('username')} />
          <SegmentedControl
            value={channel}
            onChange={(value) => setChannel(value as CodeChannel)}
            data={[
              { value: 'phone', label: '通过手机' },
              { value: 'email', label: '通过邮箱' },
            ]}
            aria-label="验证方式"
            fullWidth
          />
          <Text size="xs" c="dimmed">
            请输入账号已验证的{contact.label}，验证码将发送到该{contact.label}。
          </Text>
          <TextInput
            key={channel}
            label={contact.label}
            type={contact.type}
            autoComplete={contact.autoComplete}
            {...form.getInputProps(path(contact.field))}
          />
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              key={`${channel}-code`}
              label="验证码"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={VERIFICATION_CODE_MAX_LENGTH}
              style={{ flex: 1 }}
              {...form.getInputProps(path('verificationCode'))}
            />
            <ResetCodeButton
              channel={channel}
              username={form.getValues().username}
              destination={String(form.getInputProps(path(contact.field)).value ?? '')}
            />
          </Group>
          <PasswordField label="新密码" name="newPassword" autoComplete="new-password" description="8~16 位数字字母组合" {...form.getInputProps('newPassword')} />
          <PasswordField label="确认密码" name="confirmPassword" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
          <Button type="submit" loading={reset.isPending} disabled={!online} fullWidth h={44}>
            重置密码
          </Button>
          {!online && (
            <Text size="xs" c="dimmed">
              当前网络已断开，重置密码需要联网后才能进行
            </Text>
          )}
          <Text size="sm" ta="center">
            <Anchor component="button" type="button" onClick={() => onBack(form.getValues().username.trim())} inherit mih={44} data-testid="reset-back-to-login">
              返回登录
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Dialog>
  );
}

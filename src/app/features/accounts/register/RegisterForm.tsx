import { Anchor, Button, Checkbox, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  ACCOUNTS_PATHS,
  RegisterResponseSchema,
  registerBodySchema,
  type RegistrationData,
} from '../../../../shared/api/accounts.ts';
import { apiPost } from '../../../lib/api/client.ts';
import { useOnline } from '../../../lib/online.ts';
import { captchaQueryOptions } from '../account-queries.ts';
import { reportActionError } from '../common/action-error.ts';
import { AgreementCheckbox } from '../common/AgreementCheckbox.tsx';
import { serverFieldErrors, toastFirstFormError } from '../common/form-errors.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { EMPTY_REGISTER_FORM, registerBody, type RegisterFormValues } from './register-form.ts';

export interface RegisteredAccount {
  username: string;
  password: string;
  alias: string;
  loginToken: string;
}

const validateRegister = schemaResolver(registerBodySchema('image'), { sync: true });

export function RegisterForm({
  registration,
  onRegistered,
  onSwitchToLogin,
}: {
  registration: RegistrationData;
  onRegistered: (account: RegisteredAccount) => void;
  onSwitchToLogin: () => void;
}) {
  const online = useOnline();
  const captcha = useQuery({ ...captchaQueryOptions(), enabled: !registration.recaptchaRequired });
  const [busy, setBusy] = useState(false);
  // The picture's id is not typed by anyone: it joins the values when they are checked and sent.
  const captchaId = useRef('');
  captchaId.current = captcha.data?.id ?? '';
  const form = useForm<RegisterFormValues>({
    initialValues: EMPTY_REGISTER_FORM,
    validate: (values) => validateRegister({ ...values, captchaId: captchaId.current }),
  });

  const refreshCaptcha = () => {
    form.setFieldValue('captcha', '');
    void captcha.refetch();
  };

  const submit = async (values: RegisterFormValues) => {
    setBusy(true);
    try {
      const body = registerBody({ ...values, captchaId: captchaId.current });
      const response = await apiPost(ACCOUNTS_PATHS.register(registration.id), body, RegisterResponseSchema);
      onRegistered({ username: body.username, password: body.password, ...response });
    } catch (error) {
      form.setErrors(serverFieldErrors(error));
      reportActionError(error);
      // The server used the captcha up, right or wrong.
      refreshCaptcha();
    } finally {
      setBusy(false);
    }
  };

  if (registration.recaptchaRequired) {
    return <Text data-testid="recaptcha-unavailable">本站注册需要人机验证，当前暂不可用，请稍后再试或联系客服。</Text>;
  }

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values), toastFirstFormError)} noValidate data-testid="register-form">
      <Stack gap="sm">
        <TextInput label="用户名" autoComplete="username" description="6~16 位字母、数字或下划线" {...form.getInputProps('username')} data-autofocus />
        <PasswordInput
          label="密码"
          autoComplete="new-password"
          description="8~16 位，同时含数字和字母"
          visibilityToggleButtonProps={{ 'aria-label': '显示或隐藏密码' }}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="确认密码"
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': '显示或隐藏密码' }}
          {...form.getInputProps('confirmPassword')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            联系方式（选填）
          </Text>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <SegmentedControl
              data={[
                { value: 'QQ', label: 'QQ' },
                { value: 'WECHAT', label: '微信' },
              ]}
              aria-label="联系方式类型"
              {...form.getInputProps('contact.type')}
            />
            <TextInput
              aria-label={form.values.contact.type === 'QQ' ? 'QQ号码' : '微信号'}
              placeholder={form.values.contact.type === 'QQ' ? 'QQ号码' : '微信号'}
              style={{ flex: 1 }}
              {...form.getInputProps('contact.value')}
            />
          </Group>
        </Stack>
        <CaptchaField captcha={captcha.data} onRefresh={refreshCaptcha} {...form.getInputProps('captcha')} />
        <Checkbox label="我已年满 18 周岁" {...form.getInputProps('ageConfirmed', { type: 'checkbox' })} />
        <AgreementCheckbox {...form.getInputProps('agreementAccepted', { type: 'checkbox' })} />
        <Button type="submit" loading={busy} disabled={!online} fullWidth>
          注册
        </Button>
        <Text size="sm" ta="center">
          已有账号？
          <Anchor component="button" type="button" onClick={onSwitchToLogin} inherit>
            去登录
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

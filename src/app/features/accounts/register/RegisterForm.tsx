import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  ACCOUNTS_PATHS,
  RegisterResponseSchema,
  registerBodySchema,
  type CaptchaKind,
  type RegistrationData,
} from '../../../../shared/api/accounts.ts';
import { apiPost } from '../../../lib/api/client.ts';
import { useOnline } from '../../../lib/online.ts';
import { captchaQueryOptions } from '../account-queries.ts';
import { toastError } from '../../../lib/notify.ts';
import { reportActionError } from '../common/action-error.ts';
import { AgreementCheckbox } from '../common/AgreementCheckbox.tsx';
import { serverFieldErrors, toastFirstFormError } from '../common/form-errors.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { EMPTY_REGISTER_FORM, registerBody, type CaptchaAnswer, type RegisterFormValues } from './register-form.ts';
import { RECAPTCHA_UNAVAILABLE_MESSAGE, useRecaptcha } from './use-recaptcha.ts';

export interface RegisteredAccount {
  username: string;
  password: string;
  alias: string;
  loginToken: string;
}

const resolvers: Record<CaptchaKind, ReturnType<typeof schemaResolver>> = {
  image: schemaResolver(registerBodySchema('image'), { sync: true }),
  recaptcha: schemaResolver(registerBodySchema('recaptcha'), { sync: true }),
};
// The reCAPTCHA token is asked for only once the typed fields pass; this stands in for it meanwhile.
const TOKEN_AT_SUBMIT = { recaptchaToken: 'token-at-submit' };

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
  const kind: CaptchaKind = registration.recaptchaRequired ? 'recaptcha' : 'image';
  const captcha = useQuery({ ...captchaQueryOptions(), enabled: kind === 'image' });
  const recaptcha = useRecaptcha(registration.recaptchaSiteKey, kind === 'recaptcha');
  const [busy, setBusy] = useState(false);
  // The picture's id is not typed by anyone: it joins the values when they are checked and sent.
  const captchaId = useRef('');
  captchaId.current = captcha.data?.id ?? '';
  const validateRegister = resolvers[kind];
  const form = useForm<RegisterFormValues>({
    initialValues: EMPTY_REGISTER_FORM,
    validate: (values) => validateRegister(kind === 'image' ? { ...values, captchaId: captchaId.current } : { ...values, ...TOKEN_AT_SUBMIT }),
  });
  const captchaReady = kind === 'image' || recaptcha.status === 'ready';

  const refreshCaptcha = () => {
    form.setFieldValue('captcha', '');
    void captcha.refetch();
  };

  const captchaAnswer = async (values: RegisterFormValues): Promise<CaptchaAnswer> =>
    kind === 'image' ? { captchaId: captchaId.current, captcha: values.captcha } : { recaptchaToken: await recaptcha.token() };

  const submit = async (values: RegisterFormValues) => {
    setBusy(true);
    let answer: CaptchaAnswer;
    try {
      answer = await captchaAnswer(values);
    } catch {
      toastError(RECAPTCHA_UNAVAILABLE_MESSAGE);
      setBusy(false);
      return;
    }
    try {
      const body = registerBody(values, answer);
      const response = await apiPost(ACCOUNTS_PATHS.register(registration.id), body, RegisterResponseSchema);
      onRegistered({ username: body.username, password: body.password, ...response });
    } catch (error) {
      form.setErrors(serverFieldErrors(error));
      reportActionError(error);
      // The server used the captcha up, right or wrong (a reCAPTCHA token is asked anew at each submit).
      if (kind === 'image') refreshCaptcha();
    } finally {
      setBusy(false);
    }
  };

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
        {kind === 'image' ? (
          <CaptchaField captcha={captcha.data} onRefresh={refreshCaptcha} {...form.getInputProps('captcha')} />
        ) : (
          <RecaptchaNote status={recaptcha.status} onRetry={recaptcha.retry} />
        )}
        <Checkbox label="我已年满 18 周岁" {...form.getInputProps('ageConfirmed', { type: 'checkbox' })} />
        <AgreementCheckbox {...form.getInputProps('agreementAccepted', { type: 'checkbox' })} />
        <Button type="submit" loading={busy} disabled={!online || !captchaReady} fullWidth>
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

/** reCAPTCHA Enterprise works unseen; the form only says so, or that it could not load (with a retry). */
function RecaptchaNote({ status, onRetry }: { status: ReturnType<typeof useRecaptcha>['status']; onRetry: () => void }) {
  if (status === 'unavailable') {
    return (
      <Alert color="orange" data-testid="recaptcha-unavailable" title="人机验证不可用">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{RECAPTCHA_UNAVAILABLE_MESSAGE}，暂时无法注册。</Text>
          <Button size="xs" variant="light" onClick={onRetry}>
            重试
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Text size="xs" c="dimmed" data-testid="recaptcha-note" data-status={status}>
      {status === 'loading' ? '正在加载人机验证…' : '本页受 reCAPTCHA 人机验证保护'}
    </Text>
  );
}

import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { SignInCodeBodySchema, type SignInCodeBody } from '../../shared/backoffice/auth.ts';
import type { OperatorView } from '../../shared/backoffice/session.ts';
import { formFailure } from '../lib/forms.ts';
import { signInWithCode } from './sign-in-api.ts';
import { stepExpired } from './step-errors.ts';

export function CodeStep({ onSignedIn, onRestart }: { onSignedIn: (operator: OperatorView) => void; onRestart: (notice: string) => void }) {
  const [recovery, setRecovery] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignInCodeBody>({ initialValues: { code: '' }, validate: schemaResolver(SignInCodeBodySchema, { sync: true }) });
  const submit = useMutation({
    mutationFn: (values: SignInCodeBody) => signInWithCode(values.code.trim()),
    onSuccess: ({ operator }) => onSignedIn(operator),
    onError: (error) => {
      if (stepExpired(error)) return onRestart(error.message);
      const { fields, message } = formFailure(error, ['code']);
      form.setErrors(fields);
      setFailure(message);
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFailure(null);
        submit.mutate(values);
      })}
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {recovery ? (
          <TextInput
            key="recovery"
            label="恢复码"
            description="丢失手机时，可使用保存的恢复码登录（每个恢复码只能使用一次）"
            autoComplete="off"
            autoFocus
            {...form.getInputProps('code')}
          />
        ) : (
          <TextInput
            key="totp"
            label="动态验证码"
            description="打开身份验证器应用，输入“锦鲤”账号当前显示的 6 位数字"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            {...form.getInputProps('code')}
          />
        )}
        <Button type="submit" loading={submit.isPending} fullWidth>
          登录
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            form.reset();
            setFailure(null);
            setRecovery(!recovery);
          }}
        >
          {recovery ? '使用动态验证码登录' : '手机不在身边？使用恢复码'}
        </Anchor>
      </Stack>
    </form>
  );
}

import { Alert, Button, Code, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { EnrolBodySchema, type EnrolBody, type Enrolment, type EnrolResponse } from '../../shared/backoffice/auth.ts';
import { formFailure } from '../lib/forms.ts';
import { QrCode } from './QrCode.tsx';
import { confirmEnrolment } from './sign-in-api.ts';
import { stepExpired } from './step-errors.ts';

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP', easier to type by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export function EnrolmentStep({
  enrolment,
  onEnrolled,
  onRestart,
}: {
  enrolment: Enrolment;
  onEnrolled: (result: EnrolResponse) => void;
  onRestart: (notice: string) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EnrolBody>({ initialValues: { code: '' }, validate: schemaResolver(EnrolBodySchema, { sync: true }) });
  const submit = useMutation({
    mutationFn: (values: EnrolBody) => confirmEnrolment(values.code),
    onSuccess: onEnrolled,
    onError: (error) => {
      if (stepExpired(error)) return onRestart(error.message);
      const { fields, message } = formFailure(error, ['code']);
      form.setErrors(fields);
      setFailure(message);
    },
  });
  return (
    <Stack gap="md">
      <Text size="sm">首次登录须绑定动态验证码（TOTP），此后每次登录都要输入。</Text>
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>在手机上打开身份验证器应用（如 Google Authenticator、Microsoft Authenticator）。</List.Item>
        <List.Item>扫描下方二维码；无法扫描时，手动输入密钥。</List.Item>
        <List.Item>输入应用显示的 6 位数字完成绑定。</List.Item>
      </List>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <QrCode svg={enrolment.qrSvg} label={`绑定二维码：${enrolment.issuer}（${enrolment.account}）`} />
        <Stack gap={4} style={{ flex: 1, minWidth: 180 }}>
          <Text size="sm" c="dimmed">
            账号
          </Text>
          <Text size="sm">
            {enrolment.issuer}（{enrolment.account}）
          </Text>
          <Text size="sm" c="dimmed" mt="xs">
            密钥
          </Text>
          <Code fz="md" data-testid="enrolment-secret" data-secret={enrolment.secret}>
            {groupSecret(enrolment.secret)}
          </Code>
        </Stack>
      </Group>
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
          <TextInput label="动态验证码" inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.getInputProps('code')} />
          <Button type="submit" loading={submit.isPending} fullWidth>
            完成绑定
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

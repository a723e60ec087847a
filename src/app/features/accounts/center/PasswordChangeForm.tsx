import { Button, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ACCOUNTS_PATHS, OkSchema, PasswordChangeBodySchema } from '../../../../shared/api/accounts.ts';
import { apiPut } from '../../../lib/api/client.ts';
import { serverFieldErrors, toastFirstFormError } from '../common/form-errors.ts';
import { PasswordField } from '../common/PasswordField.tsx';
import { useAccountAction } from '../common/use-account-action.ts';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };

/** Login password change; the server ends every other session. */
export function PasswordChangeForm() {
  const form = useForm<Values>({
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    validate: schemaResolver(PasswordChangeBodySchema, { sync: true }),
  });
  const save = useAccountAction((body: Values) => apiPut(ACCOUNTS_PATHS.password, body, OkSchema), {
    success: '登录密码已修改，其他设备已退出登录',
    onDone: () => form.reset(),
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => save.mutate(values, { onError: (error) => form.setErrors(serverFieldErrors(error)) }), toastFirstFormError)}
      noValidate
      data-testid="password-form"
    >
      <Stack gap="sm">
        <PasswordField label="原密码" autoComplete="current-password" {...form.getInputProps('oldPassword')} />
        <PasswordField label="新密码" autoComplete="new-password" description="8~16 位，同时含数字和字母" {...form.getInputProps('newPassword')} />
        <PasswordField label="确认新密码" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
        <Text size="xs" c="dimmed">
          修改后，其他设备上的登录将失效。
        </Text>
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          修改登录密码
        </Button>
      </Stack>
    </form>
  );
}

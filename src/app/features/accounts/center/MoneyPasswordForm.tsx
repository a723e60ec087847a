import { Button, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ACCOUNTS_PATHS, MoneyPasswordBodySchema, OkSchema } from '../../../../shared/api/accounts.ts';
import { requiredMessage } from '../../../../shared/validation/index.ts';
import { apiPut } from '../../../lib/api/client.ts';
import { CUSTOMER_INFO_QUERY_KEY } from '../account-queries.ts';
import { serverFieldErrors, toastFirstFormError } from '../common/form-errors.ts';
import { PasswordField } from '../common/PasswordField.tsx';
import { useAccountAction } from '../common/use-account-action.ts';

type Values = { oldMoneyPassword: string; newMoneyPassword: string; confirmMoneyPassword: string };

/** The money password (decisions §5): set the first time without an old one, changed with it. */
export function MoneyPasswordForm({ isSet }: { isSet: boolean }) {
  const form = useForm<Values>({
    initialValues: { oldMoneyPassword: '', newMoneyPassword: '', confirmMoneyPassword: '' },
    validate: (values) => {
      const errors = schemaResolver(MoneyPasswordBodySchema, { sync: true })(bodyOf(values));
      if (isSet && !values.oldMoneyPassword) errors.oldMoneyPassword = requiredMessage('原资金密码');
      return errors;
    },
  });
  const bodyOf = (values: Values) => (isSet ? values : { newMoneyPassword: values.newMoneyPassword, confirmMoneyPassword: values.confirmMoneyPassword });
  const save = useAccountAction((body: object) => apiPut(ACCOUNTS_PATHS.moneyPassword, body, OkSchema), {
    success: isSet ? '资金密码已修改' : '资金密码已设置',
    onDone: (_result, queryClient) => {
      form.reset();
      void queryClient.invalidateQueries({ queryKey: CUSTOMER_INFO_QUERY_KEY });
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => save.mutate(bodyOf(values), { onError: (error) => form.setErrors(serverFieldErrors(error)) }), toastFirstFormError)}
      noValidate
      data-testid="money-password-form"
    >
      <Stack gap="sm">
        {isSet && <PasswordField label="原资金密码" autoComplete="off" {...form.getInputProps('oldMoneyPassword')} />}
        <PasswordField label="新资金密码" autoComplete="new-password" description="8~16 位，同时含数字和字母，不能与登录密码相同" {...form.getInputProps('newMoneyPassword')} />
        <PasswordField label="确认资金密码" autoComplete="new-password" {...form.getInputProps('confirmMoneyPassword')} />
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {isSet ? '修改资金密码' : '设置资金密码'}
        </Button>
      </Stack>
    </form>
  );
}

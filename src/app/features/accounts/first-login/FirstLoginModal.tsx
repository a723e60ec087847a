import { Button, Divider, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNTS_PATHS } from '../../../../shared/api/accounts.ts';
import { CurrentCustomerSchema, type CurrentCustomer } from '../../../../shared/api/session.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { apiPut } from '../../../lib/api/client.ts';
import { setSession } from '../../session/session-queries.ts';
import { reportActionError } from '../common/action-error.ts';
import { AgreementCheckbox } from '../common/AgreementCheckbox.tsx';
import { serverFieldErrors, toastFirstFormError } from '../common/form-errors.ts';
import { VerificationFields } from '../common/VerificationFields.tsx';
import {
  EMPTY_FIRST_LOGIN_FORM,
  firstLoginPayload,
  firstLoginValidator,
  firstLoginVariant,
  type FirstLoginFormValues,
} from './first-login-form.ts';

const TITLES = { link: '完善账号信息', manual: '首次登录设置' } as const;

/**
 * The first-login root overlay (spec §4, §5). It cannot be closed: it ends by completing it, or by
 * skipping in the by-link variant when contact is not required.
 */
export default function FirstLoginModal({ customer }: { customer: CurrentCustomer }) {
  const queryClient = useQueryClient();
  const variant = firstLoginVariant(customer);
  const [busy, setBusy] = useState(false);
  const form = useForm<FirstLoginFormValues>({ initialValues: EMPTY_FIRST_LOGIN_FORM, validate: firstLoginValidator(customer) });
  const canSkip = variant === 'link' && !customer.firstLoginContactRequired;

  const send = async (values: FirstLoginFormValues) => {
    setBusy(true);
    try {
      setSession(queryClient, await apiPut(ACCOUNTS_PATHS.firstLogin, firstLoginPayload(values, variant), CurrentCustomerSchema));
    } catch (error) {
      form.setErrors(serverFieldErrors(error));
      reportActionError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={TITLES[variant]}
      size="md"
      testId={`first-login-${variant}`}
    >
      <form onSubmit={form.onSubmit((values) => void send(values), toastFirstFormError)} noValidate>
        <Stack gap="sm">
          {variant === 'manual' && (
            <>
              <Text size="sm">为了账号安全，首次登录请设置新的登录密码。</Text>
              <PasswordInput
                label="新密码"
                autoComplete="new-password"
                description="8~16 位，同时含数字和字母"
                visibilityToggleButtonProps={{ 'aria-label': '显示或隐藏密码' }}
                {...form.getInputProps('newPassword')}
              />
              <PasswordInput
                label="确认新密码"
                autoComplete="new-password"
                visibilityToggleButtonProps={{ 'aria-label': '显示或隐藏密码' }}
                {...form.getInputProps('confirmPassword')}
              />
            </>
          )}
          <Text size="sm">
            {customer.firstLoginContactRequired ? '请验证手机号码或邮箱（至少一项）。' : '验证手机号码或邮箱（选填），便于找回资金密码。'}
          </Text>
          <VerificationFields form={form} channel="phone" prefix="phoneVerification" />
          <Divider label="或" labelPosition="center" />
          <VerificationFields form={form} channel="email" prefix="emailVerification" />
          {variant === 'manual' && <AgreementCheckbox {...form.getInputProps('agreementAccepted', { type: 'checkbox' })} />}
          <Group justify="flex-end" mt="sm">
            {canSkip && (
              <Button variant="default" disabled={busy} onClick={() => void send(EMPTY_FIRST_LOGIN_FORM)} data-testid="first-login-skip">
                跳过
              </Button>
            )}
            <Button type="submit" loading={busy}>
              确定
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

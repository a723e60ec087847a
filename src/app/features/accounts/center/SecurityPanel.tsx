import { Stack } from '@mantine/core';
import type { CustomerInfo } from '../../../../shared/api/accounts.ts';
import { ContactBindForm } from './ContactBindForm.tsx';
import { MoneyPasswordForm } from './MoneyPasswordForm.tsx';
import { MoneyPasswordResetForm } from './MoneyPasswordResetForm.tsx';
import { PasswordChangeForm } from './PasswordChangeForm.tsx';
import { Section } from './Section.tsx';

/** 安全设置: contact binding, login and money passwords. */
export function SecurityPanel({ info }: { info: CustomerInfo }) {
  return (
    <Stack gap="md">
      <Section title="手机号码">
        <ContactBindForm channel="phone" current={info.phone} />
      </Section>
      <Section title="邮箱">
        <ContactBindForm channel="email" current={info.email} />
      </Section>
      <Section title="登录密码">
        <PasswordChangeForm />
      </Section>
      <Section title="资金密码">
        <MoneyPasswordForm key={String(info.moneyPasswordSet)} isSet={info.moneyPasswordSet} />
      </Section>
      {info.moneyPasswordSet && (
        <Section title="忘记资金密码">
          <MoneyPasswordResetForm phoneBound={info.phone !== null} emailBound={info.email !== null} />
        </Section>
      )}
    </Stack>
  );
}

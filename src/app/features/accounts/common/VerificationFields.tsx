import { Group, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { VERIFICATION_CODE_MAX_LENGTH } from '../../../../shared/validation/index.ts';
import { SendCodeButton, type CodeChannel } from './SendCodeButton.tsx';

const LABELS: Record<CodeChannel, { field: 'phone' | 'email'; label: string; type: string; autoComplete: string }> = {
  phone: { field: 'phone', label: '手机号码', type: 'tel', autoComplete: 'tel' },
  email: { field: 'email', label: '邮箱', type: 'email', autoComplete: 'email' },
};

/**
 * A phone or e-mail with its code and the send button, bound to `{prefix}.phone|email` and
 * `{prefix}.verificationCode` of a Mantine form (prefix '' for top-level fields).
 */
export function VerificationFields<Values>({
  form,
  channel,
  prefix,
}: {
  form: UseFormReturnType<Values>;
  channel: CodeChannel;
  prefix: string;
}) {
  const { field, label, type, autoComplete } = LABELS[channel];
  const path = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const destination = String(form.getInputProps(path(field)).value ?? '');
  return (
    <>
      <TextInput label={label} type={type} autoComplete={autoComplete} {...form.getInputProps(path(field))} />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={`${label}验证码`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={VERIFICATION_CODE_MAX_LENGTH}
          style={{ flex: 1 }}
          {...form.getInputProps(path('verificationCode'))}
        />
        <SendCodeButton channel={channel} destination={destination} testId={`send-${channel}-code`} />
      </Group>
    </>
  );
}

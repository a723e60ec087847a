import { Button } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
import { ACCOUNTS_PATHS, CodeSentSchema } from '../../../../shared/api/accounts.ts';
import { emailCodeRequestSchema, firstError, phoneCodeRequestSchema } from '../../../../shared/validation/index.ts';
import { apiPost } from '../../../lib/api/client.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { reportActionError } from './action-error.ts';
import { useCountdown } from './use-countdown.ts';

export type CodeChannel = 'phone' | 'email';

/** Used when the server does not say (it always does today): spec's 60 s. */
export const DEFAULT_RESEND_SECONDS = 60;

const CHANNELS: Record<CodeChannel, { path: string; schema: z.ZodType; body: (value: string) => object }> = {
  phone: { path: ACCOUNTS_PATHS.phoneSend, schema: phoneCodeRequestSchema, body: (phone) => ({ phone }) },
  email: { path: ACCOUNTS_PATHS.emailSend, schema: emailCodeRequestSchema, body: (email) => ({ email }) },
};

/**
 * 获取验证码 with the resend countdown. Spec §5: the phone or e-mail is validated first and its
 * error shown instead of sending.
 */
export function SendCodeButton({ channel, destination, testId }: { channel: CodeChannel; destination: string; testId?: string }) {
  const { secondsLeft, start } = useCountdown();
  const [busy, setBusy] = useState(false);
  const config = CHANNELS[channel];

  const send = async () => {
    const body = config.body(destination.trim());
    const problem = firstError(config.schema, body);
    if (problem) return toastError(problem);
    setBusy(true);
    try {
      const sent = await apiPost(config.path, body, CodeSentSchema);
      start(sent.resendAfterSeconds || DEFAULT_RESEND_SECONDS);
      toastSuccess('验证码已发送');
    } catch (error) {
      reportActionError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="light" loading={busy} disabled={secondsLeft > 0} onClick={() => void send()} data-testid={testId}>
      {secondsLeft > 0 ? `${secondsLeft} 秒后重新获取` : '获取验证码'}
    </Button>
  );
}

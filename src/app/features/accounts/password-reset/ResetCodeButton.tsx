import { Button } from '@mantine/core';
import { useState } from 'react';
import { CodeSentSchema, PASSWORD_RESET_PATHS, ResetEmailCodeBodySchema, ResetPhoneCodeBodySchema } from '../../../../shared/api/password-reset.ts';
import { firstError } from '../../../../shared/validation/index.ts';
import { apiPost } from '../../../lib/api/client.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { reportActionError } from '../common/action-error.ts';
import { DEFAULT_RESEND_SECONDS, type CodeChannel } from '../common/SendCodeButton.tsx';
import { useCountdown } from '../common/use-countdown.ts';

const REQUESTS = {
  phone: { path: PASSWORD_RESET_PATHS.phoneSend, schema: ResetPhoneCodeBodySchema, body: (username: string, phone: string) => ({ username, phone }) },
  email: { path: PASSWORD_RESET_PATHS.emailSend, schema: ResetEmailCodeBodySchema, body: (username: string, email: string) => ({ username, email }) },
} as const;

/**
 * 获取验证码 for a reset: the name and the address are checked first (spec §5), then sent. The
 * answer is the same whether they match an account, so the toast says where the code goes only if so.
 */
export function ResetCodeButton({ channel, username, destination }: { channel: CodeChannel; username: string; destination: string }) {
  const { secondsLeft, start } = useCountdown();
  const [busy, setBusy] = useState(false);
  const request = REQUESTS[channel];

  const send = async () => {
    const body = request.body(username.trim(), destination.trim());
    const problem = firstError(request.schema, body);
    if (problem) return toastError(problem);
    setBusy(true);
    try {
      const sent = await apiPost(request.path, body, CodeSentSchema);
      start(sent.resendAfterSeconds || DEFAULT_RESEND_SECONDS);
      toastSuccess(channel === 'phone' ? '若账号与手机号码匹配，验证码已发送' : '若账号与邮箱匹配，验证码已发送');
    } catch (error) {
      reportActionError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="light" loading={busy} disabled={secondsLeft > 0} onClick={() => void send()} data-testid="reset-send-code" h={44}>
      {secondsLeft > 0 ? `${secondsLeft} 秒后重新获取` : '获取验证码'}
    </Button>
  );
}

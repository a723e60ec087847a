// The login captcha (docs/accounts.md): hidden until the server answers CAPTCHA_REQUIRED for the typed
// name; from then on the site's captcha (the image, or reCAPTCHA Enterprise with the action LOGIN)
// goes with every attempt. The server uses a captcha up, right or wrong, so a refused attempt draws a
// new image.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ERROR_CODES } from '../../../shared/api/errors.ts';
import { firstError } from '../../../shared/validation/errors.ts';
import { rules } from '../../../shared/validation/index.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { captchaQueryOptions } from '../accounts/account-queries.ts';
import { useRecaptcha } from '../accounts/register/use-recaptcha.ts';
import { loginConfigQueryOptions } from './session-queries.ts';

export type LoginCaptchaProof = { captchaId: string; captcha: string } | { recaptchaToken: string } | Record<string, never>;

export function useLoginCaptcha() {
  const [needed, setNeeded] = useState(false);
  const [answer, setAnswer] = useState('');
  const config = useQuery({ ...loginConfigQueryOptions(), enabled: needed });
  const kind = needed ? config.data?.captchaKind : undefined;
  const image = useQuery({ ...captchaQueryOptions(), enabled: kind === 'image' });
  const recaptcha = useRecaptcha(config.data?.recaptchaSiteKey ?? null, kind === 'recaptcha', 'LOGIN');

  const refresh = () => {
    setAnswer('');
    void image.refetch();
  };

  return {
    needed,
    kind,
    configFailed: needed && config.isError,
    retryConfig: () => void config.refetch(),
    image: image.data,
    answer,
    setAnswer,
    refresh,
    recaptchaStatus: recaptcha.status,
    retryRecaptcha: recaptcha.retry,
    /** Whether an attempt can be sent: no captcha needed, or the needed one is there to answer. */
    ready: !needed || kind === 'image' || (kind === 'recaptcha' && recaptcha.status === 'ready'),
    /** What is wrong with the typed answer (spec §5 captcha rule), checked before sending. */
    problem: (): string | null => (kind === 'image' ? firstError(rules.captcha.required, answer) : null),
    /** The fields the attempt carries: none until a captcha is needed. Throws when reCAPTCHA gives no token. */
    proof: async (): Promise<LoginCaptchaProof> => {
      if (kind === 'image') return { captchaId: image.data?.id ?? '', captcha: answer.trim() };
      if (kind === 'recaptcha') return { recaptchaToken: await recaptcha.token() };
      return {};
    },
    /** After a refused attempt: show the captcha once the server asks for it; a used image is replaced. */
    afterFailure: (error: unknown) => {
      if (error instanceof ApiError && error.code === ERROR_CODES.CAPTCHA_REQUIRED) setNeeded(true);
      if (kind === 'image') refresh();
    },
  };
}

export type LoginCaptcha = ReturnType<typeof useLoginCaptcha>;

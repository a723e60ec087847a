import { useCallback, useEffect, useState } from 'react';
import { loadRecaptcha, RECAPTCHA_ACTION, recaptchaToken, type RecaptchaAction } from './recaptcha.ts';

export type RecaptchaStatus = 'off' | 'loading' | 'ready' | 'unavailable';

export const RECAPTCHA_UNAVAILABLE_MESSAGE = '人机验证暂时无法加载，请检查网络后重试';

function warn(error: unknown): void {
  // Spec §8: a captcha script failure is logged as a warning only.
  console.warn('reCAPTCHA Enterprise unavailable', error);
}

/** The script's state for one site key (null: reCAPTCHA is not used), a retry, and fresh tokens for `action`. */
export function useRecaptcha(siteKey: string | null, required: boolean, action: RecaptchaAction = RECAPTCHA_ACTION) {
  const [status, setStatus] = useState<RecaptchaStatus>(required ? 'loading' : 'off');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!required) return setStatus('off');
    if (!siteKey) {
      warn(new Error('reCAPTCHA is required but no site key was given'));
      return setStatus('unavailable');
    }
    let live = true;
    setStatus('loading');
    loadRecaptcha(siteKey).then(
      () => live && setStatus('ready'),
      (error: unknown) => {
        warn(error);
        if (live) setStatus('unavailable');
      },
    );
    return () => {
      live = false;
    };
  }, [siteKey, required, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  /** A new token for this attempt; a failure is warned about and turns the widget unavailable. */
  const token = useCallback(async (): Promise<string> => {
    if (!siteKey) throw new Error(RECAPTCHA_UNAVAILABLE_MESSAGE);
    try {
      return await recaptchaToken(siteKey, action);
    } catch (error) {
      warn(error);
      setStatus('unavailable');
      throw new Error(RECAPTCHA_UNAVAILABLE_MESSAGE);
    }
  }, [siteKey, action]);

  return { status, retry, token };
}

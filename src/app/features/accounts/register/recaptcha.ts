// reCAPTCHA Enterprise in the browser (score-based, no checkbox): the script is Google's, loaded on
// demand with the site key the registration data (or the login configuration) names; each submit asks
// for a fresh token for its action, REGISTER or LOGIN (a token is single use, so a refused attempt is
// followed by a new one). A script
// that fails to load is only a console warning (spec §8): the form then says verification is not
// available and offers to try again.

export type RecaptchaAction = 'REGISTER' | 'LOGIN';
export const RECAPTCHA_ACTION: RecaptchaAction = 'REGISTER';

interface EnterpriseApi {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: { enterprise?: EnterpriseApi };
  }
}

export function recaptchaScriptUrl(siteKey: string): string {
  return `https://www.google.com/recaptcha/enterprise.js?render=${encodeURIComponent(siteKey)}`;
}

const loading = new Map<string, Promise<EnterpriseApi>>();

function injectScript(siteKey: string): Promise<EnterpriseApi> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = recaptchaScriptUrl(siteKey);
    script.async = true;
    script.dataset.recaptcha = siteKey;
    script.onload = () => {
      const api = window.grecaptcha?.enterprise;
      if (api) resolve(api);
      else reject(new Error('reCAPTCHA Enterprise script loaded without grecaptcha.enterprise'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`reCAPTCHA Enterprise script failed to load: ${script.src}`));
    };
    document.head.appendChild(script);
  });
}

/** The enterprise API, loading the script once per site key; a failed load may be tried again. */
export function loadRecaptcha(siteKey: string): Promise<EnterpriseApi> {
  const present = window.grecaptcha?.enterprise;
  if (present) return Promise.resolve(present);
  let pending = loading.get(siteKey);
  if (!pending) {
    pending = injectScript(siteKey);
    loading.set(siteKey, pending);
    pending.catch(() => loading.delete(siteKey));
  }
  return pending;
}

/** A fresh token for one registration (or login) attempt. */
export async function recaptchaToken(siteKey: string, action: RecaptchaAction = RECAPTCHA_ACTION): Promise<string> {
  const api = await loadRecaptcha(siteKey);
  await new Promise<void>((resolve) => api.ready(resolve));
  return api.execute(siteKey, { action });
}

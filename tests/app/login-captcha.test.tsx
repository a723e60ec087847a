// The login form shows the site's captcha once the server answers CAPTCHA_REQUIRED for the typed name
// (docs/accounts.md), sends it with every attempt from then on, and draws a new image after each
// refusal (the server used the old one up). Before that it asks for nothing.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginModal from '../../src/app/features/session/LoginModal.tsx';
import { SESSION_QUERY_KEY } from '../../src/app/features/session/session-queries.ts';
import { renderWithProviders, scriptedServer, type Handler, type ScriptedCall } from './accounts-harness.tsx';

const toasts = vi.hoisted(() => ({ errors: [] as string[] }));
vi.mock('../../src/app/lib/notify.ts', () => ({
  toastError: (message: string) => toasts.errors.push(message),
  toastSuccess: () => {},
}));

const slow = { timeout: 8000 };
const CUSTOMER = {
  name: 'owner_1',
  alias: 'owner_1',
  avatarImage: null,
  birthday: null,
  type: 'PLAYER',
  vipLevel: 'NOT_VIP',
  testMode: null,
  firstLogin: false,
  firstLoginContactRequired: false,
  registrationLinkId: null,
  prizeGroup: 1950,
};
const CAPTCHA_MISSING = { status: 401, body: { code: 'CAPTCHA_REQUIRED', message: '验证码不可以为空', fields: { captcha: '验证码不可以为空' } } };
const WRONG_NEXT_NEEDS_CAPTCHA = { status: 401, body: { code: 'CAPTCHA_REQUIRED', message: '账号或密码错误' } };
const loginConfig = (captchaKind: 'image' | 'recaptcha', recaptchaSiteKey: string | null = null) => ({
  body: { captchaRequired: false, captchaAfterFailures: 3, captchaKind, recaptchaSiteKey, maxFailedAttempts: 10, lockoutMinutes: 15, registrationEnabled: true },
});

function renderLogin(onClose = vi.fn()) {
  const rootRoute = createRootRoute({ component: () => <LoginModal redirect={undefined} onClose={onClose} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return { ...renderWithProviders(<RouterProvider router={router} />), onClose };
}

async function typeCredentials(password: string) {
  fireEvent.change(await screen.findByLabelText('用户名', {}, slow), { target: { value: 'owner_1' } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: '登录' }));
const logins = (calls: ScriptedCall[]) => calls.filter((call) => call.method === 'PUT' && call.path === '/ajax/login').map((call) => call.body);

/** PUT /ajax/login answers from a script, one answer per attempt. */
function loginScript(...answers: ReturnType<Handler>[]): Handler {
  let attempt = 0;
  return () => answers[Math.min(attempt++, answers.length - 1)]!;
}

beforeEach(() => {
  toasts.errors.length = 0;
});
afterEach(() => {
  delete window.grecaptcha;
  vi.unstubAllGlobals();
});

describe('the login captcha', () => {
  it('asks for no captcha until the server requires one', async () => {
    const calls = scriptedServer({ 'PUT /ajax/login': () => ({ status: 401, body: { code: 'BAD_CREDENTIALS', message: '账号或密码错误' } }) });
    renderLogin();
    await typeCredentials('Wrong1pass');
    submit();
    await waitFor(() => expect(toasts.errors).toEqual(['账号或密码错误']), slow);
    expect(screen.queryByLabelText('验证码')).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/ajax/login']);
    expect(logins(calls)).toEqual([{ username: 'owner_1', password: 'Wrong1pass', remember: false }]);
  });

  it('shows the image captcha when required, sends it, and draws a new one after each refusal', async () => {
    let images = 0;
    const calls = scriptedServer({
      'PUT /ajax/login': loginScript(CAPTCHA_MISSING, WRONG_NEXT_NEEDS_CAPTCHA, { body: CUSTOMER }),
      'GET /ajax/login/config': () => loginConfig('image'),
      'GET /ajax/captcha': () => ({ body: { id: `c${++images}`, image: 'data:image/png;base64,AAAA', expiresInSeconds: 300 } }),
    });
    const { queryClient, onClose } = renderLogin();
    await typeCredentials('Owner2pass');
    submit();
    await waitFor(() => expect(toasts.errors).toEqual(['验证码不可以为空']), slow);
    await waitFor(() => expect(screen.getByTestId('captcha-image').dataset.captchaId).toBe('c1'), slow);

    // The shared §5 captcha rule is checked before anything is sent.
    submit();
    await waitFor(() => expect(toasts.errors.at(-1)).toBe('验证码不可以为空'), slow);
    expect(logins(calls)).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: 'ab23' } });
    submit();
    await waitFor(() => expect(toasts.errors.at(-1)).toBe('账号或密码错误'), slow);
    expect(logins(calls)[1]).toEqual({ username: 'owner_1', password: 'Owner2pass', remember: false, captchaId: 'c1', captcha: 'ab23' });
    await waitFor(() => expect(screen.getByTestId('captcha-image').dataset.captchaId).toBe('c2'), slow);
    expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe('');

    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: 'CD45' } });
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), slow);
    expect(logins(calls)[2]).toMatchObject({ captchaId: 'c2', captcha: 'CD45' });
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toMatchObject({ name: 'owner_1' });
  });

  it('with reCAPTCHA Enterprise, sends a token made for the LOGIN action once required', async () => {
    let issued = 0;
    const execute = vi.fn(async (_siteKey: string, _options: { action: string }) => `token-${++issued}`);
    window.grecaptcha = { enterprise: { ready: (callback: () => void) => callback(), execute } };
    const calls = scriptedServer({
      'PUT /ajax/login': loginScript(WRONG_NEXT_NEEDS_CAPTCHA, { body: CUSTOMER }),
      'GET /ajax/login/config': () => loginConfig('recaptcha', 'site-key-login'),
    });
    const { onClose } = renderLogin();
    await typeCredentials('Owner2pass');
    submit();
    await waitFor(() => expect(screen.getByTestId('login-recaptcha-note').dataset.status).toBe('ready'), slow);
    expect(screen.queryByLabelText('验证码')).toBeNull();
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), slow);
    expect(execute).toHaveBeenCalledWith('site-key-login', { action: 'LOGIN' });
    expect(logins(calls)).toEqual([
      { username: 'owner_1', password: 'Owner2pass', remember: false },
      { username: 'owner_1', password: 'Owner2pass', remember: false, recaptchaToken: 'token-1' },
    ]);
  });
});

// The reCAPTCHA Enterprise adapter of the register form. Google's script is external, so the tests
// stand in a fake `window.grecaptcha` (or make the script fail to load) and check what the form does.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterForm } from '../../src/app/features/accounts/register/RegisterForm.tsx';
import { renderWithProviders, scriptedServer, type ScriptedCall } from './accounts-harness.tsx';

const toasts = vi.hoisted(() => ({ errors: [] as string[] }));
vi.mock('../../src/app/lib/notify.ts', () => ({
  toastError: (message: string) => toasts.errors.push(message),
  toastSuccess: () => {},
}));

const registration = (siteKey: string) => ({ id: 'demo-reg', recaptchaRequired: true, recaptchaSiteKey: siteKey });
const REGISTER = 'POST /ajax/registration-link/demo-reg/register';
// Generous waits: the form's modules load lazily and the machine may be busy.
const slow = { timeout: 8000 };

function fakeGrecaptcha() {
  let issued = 0;
  const execute = vi.fn(async (_siteKey: string, _options: { action: string }) => `token-${++issued}`);
  const ready = vi.fn((callback: () => void) => callback());
  window.grecaptcha = { enterprise: { ready, execute } };
  return { execute, ready };
}

function fillValidForm() {
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fill('用户名', 'newplayer1');
  fill('密码', 'abc12345');
  fill('确认密码', 'abc12345');
  fireEvent.click(screen.getByLabelText('我已年满 18 周岁'));
  fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
}

const registerCalls = (calls: ScriptedCall[]) => calls.filter((call) => `${call.method} ${call.path}` === REGISTER);
const scriptOf = (siteKey: string) =>
  [...document.head.querySelectorAll('script')].find((script) => script.src.includes(`render=${siteKey}`)) as HTMLScriptElement | undefined;

beforeEach(() => {
  toasts.errors.length = 0;
});
afterEach(() => {
  delete window.grecaptcha;
  document.head.querySelectorAll('script[data-recaptcha]').forEach((script) => script.remove());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the register form with reCAPTCHA Enterprise', () => {
  it('sends a token for the REGISTER action instead of the image captcha', async () => {
    const { execute, ready } = fakeGrecaptcha();
    const onRegistered = vi.fn();
    const calls = scriptedServer({ [REGISTER]: () => ({ body: { alias: 'newplayer1', loginToken: 't'.repeat(43) } }) });
    renderWithProviders(<RegisterForm registration={registration('site-key-1')} onRegistered={onRegistered} onSwitchToLogin={() => {}} />);
    expect(screen.queryByLabelText('验证码')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('recaptcha-note').dataset.status).toBe('ready'), slow);
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalled(), slow);
    expect(ready).toHaveBeenCalled();
    expect(execute).toHaveBeenCalledWith('site-key-1', { action: 'REGISTER' });
    const [post] = registerCalls(calls);
    expect(post?.body).toEqual({
      username: 'newplayer1',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      ageConfirmed: true,
      agreementAccepted: true,
      recaptchaToken: 'token-1',
    });
    // The image captcha is never fetched on a reCAPTCHA site.
    expect(calls.some((call) => call.path === '/ajax/captcha')).toBe(false);
  });

  it('asks for a new token after a refusal', async () => {
    const { execute } = fakeGrecaptcha();
    let answers = 0;
    const calls = scriptedServer({
      [REGISTER]: () =>
        ++answers === 1
          ? { status: 400, body: { code: 'VALIDATION', message: '人机验证未通过，请重试', fields: { recaptchaToken: '人机验证未通过，请重试' } } }
          : { body: { alias: 'newplayer1', loginToken: 't'.repeat(43) } },
    });
    const onRegistered = vi.fn();
    renderWithProviders(<RegisterForm registration={registration('site-key-2')} onRegistered={onRegistered} onSwitchToLogin={() => {}} />);
    await waitFor(() => expect(screen.getByTestId('recaptcha-note').dataset.status).toBe('ready'), slow);
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(toasts.errors).toContain('人机验证未通过，请重试'), slow);
    await waitFor(() => expect(screen.getByRole('button', { name: '注册' }).hasAttribute('data-loading')).toBe(false), slow);
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalled(), slow);
    expect(execute).toHaveBeenCalledTimes(2);
    expect(registerCalls(calls).map((call) => (call.body as { recaptchaToken: string }).recaptchaToken)).toEqual(['token-1', 'token-2']);
  });

  it('a script that fails to load is only a console warning; the form says so and can try again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = scriptedServer({});
    renderWithProviders(<RegisterForm registration={registration('site-key-3')} onRegistered={() => {}} onSwitchToLogin={() => {}} />);
    await waitFor(() => expect(scriptOf('site-key-3')).toBeDefined(), slow);
    expect(scriptOf('site-key-3')!.src).toBe('https://www.google.com/recaptcha/enterprise.js?render=site-key-3');
    scriptOf('site-key-3')!.dispatchEvent(new Event('error'));

    const unavailable = await screen.findByTestId('recaptcha-unavailable', {}, slow);
    expect(unavailable.textContent).toContain('人机验证暂时无法加载');
    expect(warn).toHaveBeenCalled();
    expect(String(warn.mock.calls[0]![0])).toContain('reCAPTCHA');
    expect(screen.getByRole('button', { name: '注册' })).toHaveProperty('disabled', true);
    expect(registerCalls(calls)).toHaveLength(0);

    // 重试 loads the script again; this time it comes up.
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(scriptOf('site-key-3')).toBeDefined(), slow);
    fakeGrecaptcha();
    scriptOf('site-key-3')!.dispatchEvent(new Event('load'));
    await waitFor(() => expect(screen.getByTestId('recaptcha-note').dataset.status).toBe('ready'), slow);
    expect(screen.getByRole('button', { name: '注册' })).toHaveProperty('disabled', false);
  });

  it('a token that cannot be had is a warning and a message, and nothing is sent', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { execute } = fakeGrecaptcha();
    execute.mockRejectedValueOnce(new Error('network'));
    const calls = scriptedServer({});
    renderWithProviders(<RegisterForm registration={registration('site-key-4')} onRegistered={() => {}} onSwitchToLogin={() => {}} />);
    await waitFor(() => expect(screen.getByTestId('recaptcha-note').dataset.status).toBe('ready'), slow);
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(toasts.errors).toContain('人机验证暂时无法加载，请检查网络后重试'), slow);
    expect(warn).toHaveBeenCalled();
    expect(registerCalls(calls)).toHaveLength(0);
    expect(await screen.findByTestId('recaptcha-unavailable', {}, slow)).toBeTruthy();
  });
});

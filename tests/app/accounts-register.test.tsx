import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AGE_CONFIRMATION_MESSAGE } from '../../src/shared/api/accounts.ts';
import { AGREEMENT_REQUIRED_MESSAGE, identicalMessage, rules } from '../../src/shared/validation/index.ts';
import { RegisterForm } from '../../src/app/features/accounts/register/RegisterForm.tsx';
import { renderWithProviders, scriptedServer } from './accounts-harness.tsx';

const toasts = vi.hoisted(() => ({ errors: [] as string[] }));
vi.mock('../../src/app/lib/notify.ts', () => ({
  toastError: (message: string) => toasts.errors.push(message),
  toastSuccess: () => {},
}));

const REGISTRATION = { id: 'demo-reg', recaptchaRequired: false, recaptchaSiteKey: null };
const messageOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

let captchaCount = 0;
function server(registerAnswer: { status?: number; body: unknown }) {
  captchaCount = 0;
  return scriptedServer({
    'GET /ajax/captcha': () => {
      captchaCount += 1;
      return { body: { id: `c${captchaCount}`, image: 'data:image/png;base64,AAAA', expiresInSeconds: 300 } };
    },
    'POST /ajax/registration-link/demo-reg/register': () => registerAnswer,
  });
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  toasts.errors.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('the register form', () => {
  it('shows the shared §5 messages, as a toast and on the fields', async () => {
    server({ body: {} });
    renderWithProviders(<RegisterForm registration={REGISTRATION} onRegistered={() => {}} onSwitchToLogin={() => {}} />);
    await screen.findByTestId('captcha-image');
    fill('用户名', 'ab');
    fill('密码', 'abcdefgh');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    const usernameMessage = messageOf(rules.username.required, 'ab')!;
    await screen.findByText(usernameMessage);
    expect(screen.getByText(messageOf(rules.password.required, 'abcdefgh')!)).toBeTruthy();
    expect(screen.getByText(AGE_CONFIRMATION_MESSAGE)).toBeTruthy();
    expect(screen.getByText(AGREEMENT_REQUIRED_MESSAGE)).toBeTruthy();
    expect(toasts.errors[0]).toBe(usernameMessage);
  });

  it('says when the two passwords differ', async () => {
    server({ body: {} });
    renderWithProviders(<RegisterForm registration={REGISTRATION} onRegistered={() => {}} onSwitchToLogin={() => {}} />);
    await screen.findByTestId('captcha-image');
    fill('密码', 'abc12345');
    fill('确认密码', 'abc12346');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText(identicalMessage('密码'))).toBeTruthy();
  });

  it('sends the captcha id, leaves a blank contact out and hands the account on', async () => {
    const calls = server({ body: { alias: 'newplayer1', loginToken: 't'.repeat(43) } });
    const onRegistered = vi.fn();
    renderWithProviders(<RegisterForm registration={REGISTRATION} onRegistered={onRegistered} onSwitchToLogin={() => {}} />);
    await screen.findByTestId('captcha-image');
    fill('用户名', 'newplayer1');
    fill('密码', 'abc12345');
    fill('确认密码', 'abc12345');
    fill('验证码', 'AB3D');
    fireEvent.click(screen.getByLabelText('我已年满 18 周岁'));
    fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      username: 'newplayer1',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      ageConfirmed: true,
      agreementAccepted: true,
      captchaId: 'c1',
      captcha: 'AB3D',
    });
    expect(onRegistered).toHaveBeenCalledWith({ username: 'newplayer1', password: 'abc12345', alias: 'newplayer1', loginToken: 't'.repeat(43) });
  });

  it('draws a new captcha after a refusal and shows the server message', async () => {
    server({ status: 400, body: { code: 'VALIDATION', message: '验证码错误，请重新输入', fields: { captcha: '验证码错误，请重新输入' } } });
    renderWithProviders(<RegisterForm registration={REGISTRATION} onRegistered={() => {}} onSwitchToLogin={() => {}} />);
    await screen.findByTestId('captcha-image');
    fill('用户名', 'newplayer1');
    fill('密码', 'abc12345');
    fill('确认密码', 'abc12345');
    fill('验证码', 'AB3D');
    fireEvent.click(screen.getByLabelText('我已年满 18 周岁'));
    fireEvent.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(screen.getByTestId('captcha-image').getAttribute('data-captcha-id')).toBe('c2'));
    expect(toasts.errors).toContain('验证码错误，请重新输入');
    expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe('');
  });
});

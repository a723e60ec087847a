// 忘记密码 in the login modal: the form checks with the spec §5 rules, sends the name with the code
// request, resets with one channel's code, and goes back to the login form with the name.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PasswordResetModal from '../../src/app/features/accounts/password-reset/PasswordResetModal.tsx';
import { PASSWORD_RESET_DONE_MESSAGE, PASSWORD_RESET_FAILED_MESSAGE } from '../../src/shared/api/password-reset.ts';
import { renderWithProviders, scriptedServer } from './accounts-harness.tsx';

const toasts = vi.hoisted(() => ({ errors: [] as string[], successes: [] as string[] }));
vi.mock('../../src/app/lib/notify.ts', () => ({
  toastError: (message: string) => toasts.errors.push(message),
  toastSuccess: (message: string) => toasts.successes.push(message),
}));

const SENT = { ok: true, resendAfterSeconds: 60, expiresInSeconds: 600 };

beforeEach(() => {
  toasts.errors.length = 0;
  toasts.successes.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('the password reset form', () => {
  it('asks for a code with the typed name and phone, and resets with the phone code', async () => {
    const calls = scriptedServer({
      'POST /ajax/password-reset/phone/send': () => ({ body: SENT }),
      'PUT /ajax/password-reset/password': () => ({ body: { ok: true } }),
    });
    const onBack = vi.fn();
    renderWithProviders(<PasswordResetModal initialUsername="demo_player" onBack={onBack} onClose={() => {}} />);
    expect((screen.getByLabelText('用户名') as HTMLInputElement).value).toBe('demo_player');
    type('手机号码', '13800138000');
    await act(async () => fireEvent.click(screen.getByTestId('reset-send-code')));
    await screen.findByRole('button', { name: '60 秒后重新获取' });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/ajax/password-reset/phone/send', body: { username: 'demo_player', phone: '13800138000' } });
    expect(toasts.successes).toEqual(['若账号与手机号码匹配，验证码已发送']);
    type('验证码', '123456');
    type('新密码', 'fresh2026');
    type('确认密码', 'fresh2026');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重置密码' })));
    await waitFor(() => expect(onBack).toHaveBeenCalledWith('demo_player'));
    expect(calls[1]).toMatchObject({
      method: 'PUT',
      path: '/ajax/password-reset/password',
      body: { username: 'demo_player', phoneVerification: { phone: '13800138000', verificationCode: '123456' }, newPassword: 'fresh2026', confirmPassword: 'fresh2026' },
    });
    expect(toasts.successes).toContain(PASSWORD_RESET_DONE_MESSAGE);
  });

  it('sends the e-mail channel only when chosen', async () => {
    const calls = scriptedServer({
      'POST /ajax/password-reset/email/send': () => ({ body: SENT }),
      'PUT /ajax/password-reset/password': () => ({ body: { ok: true } }),
    });
    renderWithProviders(<PasswordResetModal initialUsername="" onBack={() => {}} onClose={() => {}} />);
    type('用户名', 'demo_player');
    fireEvent.click(screen.getByText('通过邮箱'));
    type('邮箱', 'me@example.com');
    await act(async () => fireEvent.click(screen.getByTestId('reset-send-code')));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ path: '/ajax/password-reset/email/send', body: { username: 'demo_player', email: 'me@example.com' } });
    type('验证码', '654321');
    type('新密码', 'fresh2026');
    type('确认密码', 'fresh2026');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重置密码' })));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body).toEqual({ username: 'demo_player', emailVerification: { email: 'me@example.com', verificationCode: '654321' }, newPassword: 'fresh2026', confirmPassword: 'fresh2026' });
  });

  it('checks the name, the phone and the new password before sending anything', async () => {
    const calls = scriptedServer({});
    renderWithProviders(<PasswordResetModal initialUsername="" onBack={() => {}} onClose={() => {}} />);
    type('手机号码', '13800138000');
    fireEvent.click(screen.getByTestId('reset-send-code'));
    expect(toasts.errors).toEqual(['请输入用户名']);
    type('用户名', 'demo_player');
    type('手机号码', '123');
    fireEvent.click(screen.getByTestId('reset-send-code'));
    expect(toasts.errors[1]).toBe('手机号码由 11 位数字组成');
    type('手机号码', '13800138000');
    type('验证码', '123456');
    type('新密码', 'abcdefgh');
    type('确认密码', 'abcdefgh');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重置密码' })));
    expect(toasts.errors[2]).toBe('密码由 8~16 位数字字母组成，并同时含数字和字母');
    expect(calls).toEqual([]);
  });

  it('shows the server’s one answer for a wrong code on the code field', async () => {
    scriptedServer({
      'PUT /ajax/password-reset/password': () => ({
        status: 400,
        body: { code: 'VALIDATION', message: PASSWORD_RESET_FAILED_MESSAGE, fields: { 'phoneVerification.verificationCode': PASSWORD_RESET_FAILED_MESSAGE } },
      }),
    });
    const onBack = vi.fn();
    renderWithProviders(<PasswordResetModal initialUsername="demo_player" onBack={onBack} onClose={() => {}} />);
    type('手机号码', '13800138000');
    type('验证码', '000000');
    type('新密码', 'fresh2026');
    type('确认密码', 'fresh2026');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重置密码' })));
    await waitFor(() => expect(toasts.errors).toContain(PASSWORD_RESET_FAILED_MESSAGE));
    expect(await screen.findByText(PASSWORD_RESET_FAILED_MESSAGE)).toBeTruthy();
    expect(onBack).not.toHaveBeenCalled();
  });

  it('goes back to the login form with the typed name', () => {
    scriptedServer({});
    const onBack = vi.fn();
    renderWithProviders(<PasswordResetModal initialUsername="demo_player" onBack={onBack} onClose={() => {}} />);
    type('用户名', 'other_name');
    fireEvent.click(screen.getByTestId('reset-back-to-login'));
    expect(onBack).toHaveBeenCalledWith('other_name');
  });
});

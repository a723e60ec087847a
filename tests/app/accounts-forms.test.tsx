import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentCustomer } from '../../src/shared/api/session.ts';
import { AGREEMENT_REQUIRED_MESSAGE, CONTACT_REQUIRED_MESSAGE, requiredMessage, rules } from '../../src/shared/validation/index.ts';
import { SendCodeButton } from '../../src/app/features/accounts/common/SendCodeButton.tsx';
import FirstLoginModal from '../../src/app/features/accounts/first-login/FirstLoginModal.tsx';
import { SESSION_QUERY_KEY } from '../../src/app/features/session/session-queries.ts';
import { renderWithProviders, scriptedServer } from './accounts-harness.tsx';

const toasts = vi.hoisted(() => ({ errors: [] as string[] }));
vi.mock('../../src/app/lib/notify.ts', () => ({
  toastError: (message: string) => toasts.errors.push(message),
  toastSuccess: () => {},
}));

const CUSTOMER: CurrentCustomer = {
  name: 'newplayer1',
  alias: 'newplayer1',
  avatarImage: null,
  birthday: null,
  type: 'PLAYER',
  vipLevel: 'NOT_VIP',
  testMode: null,
  firstLogin: true,
  firstLoginContactRequired: false,
  registrationLinkId: 'demo-reg',
  prizeGroup: 1950,
};

beforeEach(() => {
  toasts.errors.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('sending a verification code', () => {
  it('checks the phone first and sends nothing when it is wrong', async () => {
    const calls = scriptedServer({});
    renderWithProviders(<SendCodeButton channel="phone" destination="12345" />);
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(toasts.errors).toEqual([rules.phone.required.safeParse('12345').error?.issues[0]?.message]);
    expect(calls).toEqual([]);
  });

  it('counts down the resend wait the server gives, then allows another code', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const calls = scriptedServer({ 'POST /ajax/customer/phone/send': () => ({ body: { ok: true, resendAfterSeconds: 60, expiresInSeconds: 600 } }) });
    renderWithProviders(<SendCodeButton channel="phone" destination=" 13800138000 " />);
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    const waiting = await screen.findByRole('button', { name: '60 秒后重新获取' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(calls[0]?.body).toEqual({ phone: '13800138000' });
    // The countdown's interval starts in an effect after that render: act flushes it before the clock moves.
    await act(async () => {});
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: '59 秒后重新获取' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(59_000));
    const again = screen.getByRole('button', { name: '获取验证码' }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
  });
});

describe('the first-login modal', () => {
  it('by link: can be skipped, sending no contact and no password', async () => {
    const calls = scriptedServer({ 'PUT /ajax/first-login': () => ({ body: { ...CUSTOMER, firstLogin: false } }) });
    const { queryClient } = renderWithProviders(<FirstLoginModal customer={CUSTOMER} />);
    fireEvent.click(await screen.findByTestId('first-login-skip'));
    await waitFor(() => expect(queryClient.getQueryData<CurrentCustomer>(SESSION_QUERY_KEY)?.firstLogin).toBe(false));
    expect(calls[0]?.body).toEqual({ newPassword: '' });
    expect(screen.queryByLabelText('新密码')).toBeNull();
  });

  it('by link with contact required: no skip, and a contact is asked for', async () => {
    const calls = scriptedServer({});
    renderWithProviders(<FirstLoginModal customer={{ ...CUSTOMER, firstLoginContactRequired: true }} />);
    await screen.findByTestId('first-login-link');
    expect(screen.queryByTestId('first-login-skip')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(toasts.errors).toContain(CONTACT_REQUIRED_MESSAGE));
    expect(calls).toEqual([]);
  });

  it('by manual: the new password and the agreement are required, a half-filled code group is refused', async () => {
    scriptedServer({});
    renderWithProviders(<FirstLoginModal customer={{ ...CUSTOMER, registrationLinkId: null }} />);
    await screen.findByTestId('first-login-manual');
    fireEvent.change(screen.getByLabelText('手机号码'), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText(requiredMessage('密码'))).toBeTruthy();
    expect(screen.getByText(AGREEMENT_REQUIRED_MESSAGE)).toBeTruthy();
    expect(screen.getByText(requiredMessage('验证码'))).toBeTruthy();
    expect((screen.getByLabelText('手机号码验证码') as HTMLInputElement).maxLength).toBe(6);
  });
});

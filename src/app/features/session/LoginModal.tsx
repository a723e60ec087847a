import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Dialog } from '../../components/Dialog.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { required } from '../../../shared/validation/required.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { toastError } from '../../lib/notify.ts';
import { useOnline } from '../../lib/online.ts';
import { preferences } from '../../lib/preferences/store.ts';
import { redirectAfterLogin } from '../../lib/safe-redirect.ts';
import { firstError } from '../../../shared/validation/errors.ts';
import { RECAPTCHA_UNAVAILABLE_MESSAGE } from '../accounts/register/use-recaptcha.ts';
import { LoginCaptchaField } from './LoginCaptchaField.tsx';
import { logIn } from './session-actions.ts';
import { useLoginCaptcha, type LoginCaptchaProof } from './use-login-captcha.ts';

const PasswordResetModal = lazy(() => import('../accounts/password-reset/PasswordResetModal.tsx'));

const usernameSchema = required('用户名');
const passwordSchema = required('密码');

export interface LoginModalProps {
  redirect: string | undefined;
  onClose: () => void;
  /** Present when the register mode is available (registration data and the register form). */
  onSwitchToRegister?: () => void;
}

export default function LoginModal({ redirect, onClose, onSwitchToRegister }: LoginModalProps) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const online = useOnline();
  const [username, setUsername] = useState(() => preferences.get('loginAccount'));
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => preferences.get('loginRemember'));
  const [busy, setBusy] = useState(false);
  const captcha = useLoginCaptcha();
  const [resetting, setResetting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = firstError(usernameSchema, username) ?? firstError(passwordSchema, password) ?? captcha.problem();
    if (problem) return toastError(problem);
    setBusy(true);
    let proof: LoginCaptchaProof;
    try {
      proof = await captcha.proof();
    } catch {
      setBusy(false);
      return toastError(RECAPTCHA_UNAVAILABLE_MESSAGE);
    }
    try {
      await logIn(queryClient, preferences, { username: username.trim(), password, remember, ...proof });
      setPassword('');
      const target = redirectAfterLogin(redirect);
      if (target) await router.navigate({ href: target, replace: true });
      else onClose();
      await router.invalidate();
    } catch (error) {
      captcha.afterFailure(error);
      toastError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (resetting) {
    const backToLogin = (name: string) => {
      setUsername(name);
      setResetting(false);
    };
    return (
      <Suspense fallback={null}>
        <PasswordResetModal initialUsername={username} onBack={backToLogin} onClose={onClose} />
      </Suspense>
    );
  }

  return (
    <Dialog opened onClose={onClose} title="登录" size="sm" testId="login-modal">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="用户名"
            name="username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            data-autofocus
          />
          <PasswordInput
            label="密码"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': '显示或隐藏密码' }}
          />
          <LoginCaptchaField captcha={captcha} />
          <Group justify="space-between" wrap="nowrap">
            <Checkbox label="记住账号" checked={remember} onChange={(event) => setRemember(event.currentTarget.checked)} />
            <Anchor component="button" type="button" size="sm" onClick={() => setResetting(true)} style={{ minHeight: 44 }} data-testid="forgot-password">
              忘记密码？
            </Anchor>
          </Group>
          <Button type="submit" loading={busy} disabled={!online || !captcha.ready} fullWidth>
            登录
          </Button>
          {!online && (
            <Text size="xs" c="dimmed">
              当前网络已断开，登录需要联网后才能进行
            </Text>
          )}
          {onSwitchToRegister && (
            <Text size="sm" ta="center">
              还没有账号？
              <Anchor component="button" type="button" onClick={onSwitchToRegister} inherit>
                立即注册
              </Anchor>
            </Text>
          )}
        </Stack>
      </form>
    </Dialog>
  );
}

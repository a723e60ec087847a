import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { RegistrationData } from '../../../../shared/api/accounts.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { preferences } from '../../../lib/preferences/store.ts';
import { redirectAfterLogin } from '../../../lib/safe-redirect.ts';
import { reportActionError } from '../common/action-error.ts';
import { logInWithToken } from '../common/login-token.ts';
import { RegisterForm, type RegisteredAccount } from './RegisterForm.tsx';
import { RegisterSuccess } from './RegisterSuccess.tsx';

export interface RegisterModalProps {
  registration: RegistrationData;
  redirect: string | undefined;
  onClose: () => void;
  onSwitchToLogin: () => void;
}

/** The register mode of the login modal, then the congratulations step in the same dialog. */
export default function RegisterModal({ registration, redirect, onClose, onSwitchToLogin }: RegisterModalProps) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [account, setAccount] = useState<RegisteredAccount | null>(null);

  const enterGame = async () => {
    if (!account) return;
    try {
      await logInWithToken(queryClient, account.loginToken);
      setAccount(null);
      const target = redirectAfterLogin(redirect);
      if (target) await router.navigate({ href: target, replace: true });
      else onClose();
      await router.invalidate();
    } catch (error) {
      reportActionError(error);
    }
  };

  if (account) {
    return (
      // Closing without entering would lose the token: the only way on is 进入游戏.
      <Dialog opened onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} title="恭喜注册成功" size="sm" testId="register-success-modal">
        <RegisterSuccess account={account} onEnterGame={enterGame} />
      </Dialog>
    );
  }
  return (
    <Dialog opened onClose={onClose} title="注册" size="sm" testId="register-modal">
      <RegisterForm
        registration={registration}
        onRegistered={(registered) => {
          // The visitor has an account now: next time the modal opens for logging in.
          preferences.set('loginMode', 'login');
          setAccount(registered);
        }}
        onSwitchToLogin={onSwitchToLogin}
      />
    </Dialog>
  );
}

import { lazy, Suspense } from 'react';
import { useSearch } from '@tanstack/react-router';
import { useCapabilities } from '../../capabilities/capabilities.tsx';
import { preferences } from '../../lib/preferences/store.ts';
import { useRegistrationData } from '../registration/use-registration-data.ts';
import { effectiveAuthMode, type AuthMode, type AuthSearch } from './auth-modal.ts';
import { useCloseAuthModal, useOpenAuthModal } from './use-auth-modal.ts';

const LoginModal = lazy(() => import('./LoginModal.tsx'));
const RegisterModal = lazy(() => import('../accounts/register/RegisterModal.tsx'));

/** Renders the login/register root overlay when the URL asks for it. */
export function AuthModalHost() {
  const search = useSearch({ strict: false }) as AuthSearch;
  const close = useCloseAuthModal();
  const open = useOpenAuthModal();
  const registration = useRegistrationData();
  const capabilities = useCapabilities();
  if (!search.auth) return null;
  const canRegister = registration !== null && capabilities.feature('registration');
  const mode = effectiveAuthMode(search.auth, canRegister);
  const switchTo = (next: AuthMode) => {
    preferences.set('loginMode', next);
    open(next);
  };
  return (
    <Suspense fallback={null}>
      {mode === 'login' && (
        <LoginModal redirect={search.redirect} onClose={close} {...(canRegister ? { onSwitchToRegister: () => switchTo('register') } : {})} />
      )}
      {mode === 'register' && registration && (
        <RegisterModal registration={registration} redirect={search.redirect} onClose={close} onSwitchToLogin={() => switchTo('login')} />
      )}
    </Suspense>
  );
}

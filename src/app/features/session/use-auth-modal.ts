import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { AuthMode } from './auth-modal.ts';

export function useOpenAuthModal(): (mode?: AuthMode) => void {
  const navigate = useNavigate();
  return useCallback(
    (mode: AuthMode = 'login') => {
      void navigate({ to: '.', search: (previous) => ({ ...previous, auth: mode }), replace: true, resetScroll: false });
    },
    [navigate],
  );
}

export function useCloseAuthModal(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    void navigate({
      to: '.',
      search: ({ auth: _auth, redirect: _redirect, ...rest }) => rest,
      replace: true,
      resetScroll: false,
    });
  }, [navigate]);
}

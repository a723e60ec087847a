import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { preferences } from '../../lib/preferences/store.ts';
import type { AuthMode } from './auth-modal.ts';

/**
 * Opens the login/register overlay. Without a mode it opens the one the visitor last used (the
 * `loginMode` preference of spec §3.4); register still falls back to login without registration data.
 */
export function useOpenAuthModal(): (mode?: AuthMode) => void {
  const navigate = useNavigate();
  return useCallback(
    (mode?: AuthMode) => {
      const auth = mode ?? preferences.get('loginMode');
      void navigate({ to: '.', search: (previous) => ({ ...previous, auth }), replace: true, resetScroll: false });
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

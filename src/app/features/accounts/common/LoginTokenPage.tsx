import type { QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { EntryPage } from './EntryPage.tsx';
import { logInWithToken } from './login-token.ts';

/** `/login-token/{token}` (spec §7): the one-time token becomes a session, then the lobby. */
export function LoginTokenPage({ token }: { token: string }) {
  const enter = useCallback((queryClient: QueryClient) => logInWithToken(queryClient, token), [token]);
  return <EntryPage enter={enter} busyText="正在登录…" testId="login-token-page" />;
}

import type { QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { preferences } from '../../../lib/preferences/store.ts';
import { EntryPage } from '../common/EntryPage.tsx';
import { startTrialSession } from '../common/login-token.ts';

/**
 * `/trial/{id}?referral=…` (spec §7): the link and its referral are kept (spec §3.4) so that
 * 立即注册 later registers through the same link; then a trial account is opened and logged in.
 */
export function TrialEntryPage({ registrationId, referral }: { registrationId: string; referral: string | undefined }) {
  const enter = useCallback(
    async (queryClient: QueryClient) => {
      if (registrationId.length <= 64) preferences.set('registrationId', registrationId);
      if (referral) preferences.set('referralSource', referral);
      return startTrialSession(queryClient, registrationId);
    },
    [registrationId, referral],
  );
  return <EntryPage enter={enter} busyText="正在开通试玩账号…" testId="trial-entry-page" />;
}

// A vipLevelChanged event: the header's customer takes the new level at once and the VIP view refetches.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { VIP_QUERY_KEY } from '../../src/app/features/accounts/vip/live.ts';
import { applyLiveEvent } from '../../src/app/features/live/apply-live-event.ts';
import { SESSION_QUERY_KEY } from '../../src/app/features/session/session-queries.ts';

describe('vipLevelChanged', () => {
  it('updates the current customer and invalidates the VIP overview', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, { id: 1, vipLevel: 'NOT_VIP' });
    queryClient.setQueryData(VIP_QUERY_KEY, { level: 'NOT_VIP' });
    applyLiveEvent(queryClient, 'vipLevelChanged', { level: 'VIP_1', previous: 'NOT_VIP' }, '7');
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual({ id: 1, vipLevel: 'VIP_1' });
    expect(queryClient.getQueryState(VIP_QUERY_KEY)?.isInvalidated).toBe(true);
  });

  it('leaves a logged-out cache alone', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    applyLiveEvent(queryClient, 'vipLevelChanged', { level: 'VIP_2', previous: 'VIP_1' }, '8');
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
  });
});

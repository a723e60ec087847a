// The campaign views' small parts: the live hook refreshes a visitor's and a customer's views, tab
// segments map both ways, and 领取 follows the state, the network and who is looking (a trial player
// gets the trial modal without a request; a customer's claim pays and updates the balance).
import { MantineProvider } from '@mantine/core';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignSummary } from '../../src/shared/api/campaigns.ts';
import { CAMPAIGN_DISPLAY_TABS } from '../../src/shared/enums.ts';
import { ClaimButton } from '../../src/app/features/campaigns/ClaimButton.tsx';
import { campaignKey } from '../../src/app/features/campaigns/campaign-keys.ts';
import { tabOfSegment, tabSegment } from '../../src/app/features/campaigns/campaign-tabs.ts';
import { onCampaignsChanged } from '../../src/app/features/campaigns/live.ts';
import { trialRestriction } from '../../src/app/features/notifications/trial-restriction.ts';
import { SESSION_QUERY_KEY } from '../../src/app/features/session/session-queries.ts';
import { BALANCE_QUERY_KEY } from '../../src/app/features/wallet/wallet-queries.ts';

const openAuth = vi.fn();
const button = () => screen.getByTestId('campaign-claim') as HTMLButtonElement;
vi.mock('../../src/app/features/session/use-auth-modal.ts', () => ({ useOpenAuthModal: () => openAuth }));
const notices: string[] = [];
vi.mock('../../src/app/lib/notify.ts', () => ({
  toastError: (message: string) => notices.push(`error:${message}`),
  toastSuccess: (message: string) => notices.push(message),
}));

const campaign = (state: CampaignSummary['claim']['state']): CampaignSummary => ({
  id: 7,
  title: '首充送',
  subtype: 'FIRST_DEPOSIT',
  displayTab: 'DEPOSIT',
  tag: 'HOT',
  festival: null,
  startsAt: 0,
  endsAt: Date.now() + 86_400_000,
  phase: 'ACTIVE',
  bannerColor: null,
  bannerImageUrl: null,
  reward: { kind: 'FIXED', amount: 80_000 },
  stakeMultipleBp: 10_000,
  needsApproval: false,
  claimLimit: 'ONCE',
  claim: { state, reason: state === 'NOT_CLAIMABLE' ? '未达成' : null, amount: state === 'CLAIMABLE' ? 80_000 : null },
});

let queryClient: QueryClient;
const customer = (testMode: string | null) => ({ name: 'p1', alias: 'p1', type: 'PLAYER', testMode });

function renderButton(summary: CampaignSummary, who: ReturnType<typeof customer> | null) {
  queryClient.setQueryData(SESSION_QUERY_KEY, who);
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <ClaimButton campaign={summary} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  notices.length = 0;
  openAuth.mockReset();
  trialRestriction.set(null);
  onlineManager.setOnline(true);
});
afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('campaign views', () => {
  it('onCampaignsChanged invalidates a visitor’s and a customer’s campaign queries', () => {
    queryClient.setQueryData(campaignKey(false, 'list', 'ALL'), { campaigns: [] });
    queryClient.setQueryData(campaignKey(true, 'detail', 7), {});
    onCampaignsChanged(queryClient, 7);
    expect(queryClient.getQueryState(campaignKey(false, 'list', 'ALL'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(campaignKey(true, 'detail', 7))?.isInvalidated).toBe(true);
  });

  it('maps every display tab to a URL segment and back; an unknown segment is none', () => {
    for (const { code } of CAMPAIGN_DISPLAY_TABS) expect(tabOfSegment(tabSegment(code))).toBe(code);
    expect(tabSegment('NEW_MEMBER')).toBe('new-member');
    expect(tabOfSegment(undefined)).toBe('ALL');
    expect(tabOfSegment('NEW_MEMBER')).toBeNull();
  });
});

describe('ClaimButton', () => {
  it('is enabled only when CLAIMABLE, and offline says why it waits', () => {
    const { unmount } = renderButton(campaign('NOT_CLAIMABLE'), customer(null));
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe('未达成');
    unmount();
    renderButton(campaign('CLAIMABLE'), customer(null));
    expect(button().disabled).toBe(false);
    act(() => onlineManager.setOnline(false));
    expect(button().disabled).toBe(true);
    expect(screen.getByTestId('campaign-claim-offline').textContent).toBe('当前网络已断开，联网后才能领取');
  });

  it('asks a visitor to log in and shows a trial player the trial modal, without a request', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { unmount } = renderButton(campaign('NOT_CLAIMABLE'), null);
    fireEvent.click(screen.getByRole('button', { name: '登录后参加' }));
    expect(openAuth).toHaveBeenCalledWith('login');
    unmount();
    renderButton(campaign('NOT_CLAIMABLE'), customer('USER_TEST'));
    fireEvent.click(screen.getByRole('button', { name: '立即参加' }));
    expect(trialRestriction.get()).toEqual({ operation: '参加活动' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a claim that pays sets the balance and says so', async () => {
    const claim = { id: 1, campaignId: 7, campaignTitle: '首充送', amount: 80_000, requiredStake: 80_000, status: 'PAID', rejectReason: null, createdAt: 1, decidedAt: 1 };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ claim, balance: 1_080_000 }), { status: 200, headers: { 'content-type': 'application/json' } })));
    renderButton(campaign('CLAIMABLE'), customer(null));
    fireEvent.click(screen.getByTestId('campaign-claim'));
    await waitFor(() => expect(notices).toEqual(['领取成功，¥8.00 已到账']));
    expect(queryClient.getQueryData(BALANCE_QUERY_KEY)).toEqual({ balance: 1_080_000 });
  });
});

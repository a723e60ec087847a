// 领取: enabled when the campaign is CLAIMABLE and the app is online. A visitor is asked to log in; a
// trial player gets the trial modal (spec §6); the server has the last word either way.
import { Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignSummary } from '../../../shared/api/campaigns.ts';
import { formatMoney } from '../../../shared/money.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { useOnline } from '../../lib/online.ts';
import { trialForbiddenOperation } from '../accounts/common/action-error.ts';
import { showTrialRestriction } from '../notifications/trial-restriction.ts';
import { useOpenAuthModal } from '../session/use-auth-modal.ts';
import { useCurrentCustomer } from '../session/use-current-customer.ts';
import { afterClaim, claimRequest } from './campaign-queries.ts';

export const OFFLINE_CLAIM_REASON = '当前网络已断开，联网后才能领取';
const LABELS = { CLAIMABLE: '立即领取', CLAIMED: '已领取', PENDING: '审核中', NOT_CLAIMABLE: '未达成' } as const;

export function ClaimButton({ campaign, fullWidth = false }: { campaign: CampaignSummary; fullWidth?: boolean }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const customer = useCurrentCustomer();
  const openAuth = useOpenAuthModal();
  const claim = useMutation({
    mutationFn: () => claimRequest(campaign.id),
    onSuccess: (result) => {
      afterClaim(queryClient, result);
      toastSuccess(result.claim.status === 'PAID' ? `领取成功，${formatMoney(result.claim.amount)} 已到账` : '已提交领取申请，等待审核');
    },
    onError: (error) => {
      // The trial modal opens from the watcher of every refused mutation.
      if (!trialForbiddenOperation(error)) toastError(errorMessage(error));
    },
  });
  const { state } = campaign.claim;
  const visitor = customer === null;
  const trial = customer !== null && customer.testMode !== null;
  const open = campaign.phase === 'ACTIVE' || campaign.phase === 'SCHEDULED';
  // Visitors and trial players may press it while the campaign runs: it explains why they cannot join.
  const asks = (visitor || trial) && open;
  const enabled = online && (state === 'CLAIMABLE' || asks);
  const onClick = () => {
    if (visitor) openAuth('login');
    else if (trial) showTrialRestriction('参加活动');
    else claim.mutate();
  };
  return (
    <Stack gap={2} align={fullWidth ? 'stretch' : 'flex-end'}>
      <Button
        mih={44}
        fullWidth={fullWidth}
        color={state === 'CLAIMABLE' || asks ? 'red' : 'gray'}
        disabled={!enabled}
        loading={claim.isPending}
        onClick={onClick}
        data-testid="campaign-claim"
        data-state={state}
      >
        {asks ? (visitor ? '登录后参加' : '立即参加') : LABELS[state]}
      </Button>
      {!online && (state === 'CLAIMABLE' || asks) && (
        <Text size="xs" c="dimmed" data-testid="campaign-claim-offline">
          {OFFLINE_CLAIM_REASON}
        </Text>
      )}
    </Stack>
  );
}

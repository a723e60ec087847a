import { Badge, Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { CampaignSummary } from '../../../shared/api/campaigns.ts';
import { asRouteHref } from '../../capabilities/capabilities.tsx';
import { ClaimButton } from './ClaimButton.tsx';
import { periodText, rewardLine, STATE_COLORS, stateText, TAG_LABELS } from './campaign-labels.ts';

/** One campaign in the list: banner colour, tag, title, period, reward, claim state and 领取. */
export function CampaignCard({ campaign }: { campaign: CampaignSummary }) {
  const tag = campaign.tag === 'NONE' ? null : TAG_LABELS[campaign.tag];
  return (
    <Paper withBorder radius="md" p={0} data-testid="campaign-card" data-campaign-id={campaign.id} style={{ overflow: 'hidden' }}>
      <Box h={6} bg={campaign.bannerColor ?? 'var(--mantine-primary-color-filled)'} />
      <Stack gap={6} p="sm">
        <UnstyledButton component={Link} to={asRouteHref(`/campaign-detail/${campaign.id}`)} mih={44} data-testid="campaign-open">
          <Group gap={6} wrap="nowrap">
            {tag && (
              <Badge size="sm" color={tag.color} data-testid="campaign-tag">
                {tag.label}
              </Badge>
            )}
            <Text fw={600} lineClamp={1}>
              {campaign.title}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {periodText(campaign)}
          </Text>
        </UnstyledButton>
        <Group justify="space-between" wrap="nowrap" align="flex-end">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm">{rewardLine(campaign)}</Text>
            <Badge variant="light" color={STATE_COLORS[campaign.claim.state]} data-testid="campaign-state" data-state={campaign.claim.state} style={{ maxWidth: '100%' }}>
              {stateText(campaign)}
            </Badge>
          </Stack>
          <ClaimButton campaign={campaign} />
        </Group>
      </Stack>
    </Paper>
  );
}

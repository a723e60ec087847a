// /campaign-detail/{id}: the campaign's sanitised description (rendered like announcements), its rules
// as text, and the claim button with the caller's state.
import { Alert, Badge, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CAMPAIGN_MESSAGES } from '../../../shared/api/campaigns.ts';
import { OverlayFrame } from '../../components/shell/OverlayFrame.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { useOnline } from '../../lib/online.ts';
import { ContentHtml } from '../content/ContentHtml.tsx';
import { LastKnownAge } from '../games/common/LastKnownAge.tsx';
import { useCurrentCustomer } from '../session/use-current-customer.ts';
import { ClaimButton } from './ClaimButton.tsx';
import { periodText, STATE_COLORS, stateText, TAG_LABELS } from './campaign-labels.ts';
import { campaignDetailQueryOptions } from './campaign-queries.ts';

function Detail({ id }: { id: number }) {
  const loggedIn = useCurrentCustomer() !== null;
  const online = useOnline();
  const query = useQuery(campaignDetailQueryOptions(id, loggedIn));
  if (query.isPending) return <Loader size="sm" aria-label="正在加载" />;
  if (!query.data) return <Alert color="red">{errorMessage(query.error)}</Alert>;
  const campaign = query.data;
  const tag = campaign.tag === 'NONE' ? null : TAG_LABELS[campaign.tag];
  return (
    <Stack gap="sm" data-testid="campaign-detail" data-id={id}>
      {!online && <LastKnownAge fetchedAt={query.dataUpdatedAt} />}
      <Group gap={6}>
        {tag && <Badge color={tag.color}>{tag.label}</Badge>}
        <Title order={2} size="h4">
          {campaign.title}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        活动时间：{periodText(campaign)}
      </Text>
      <ContentHtml html={campaign.descriptionHtml} />
      <Title order={3} size="h5">
        活动规则
      </Title>
      <List size="sm" spacing={4} data-testid="campaign-rules">
        {campaign.ruleLines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Badge variant="light" color={STATE_COLORS[campaign.claim.state]} data-testid="campaign-state" data-state={campaign.claim.state}>
        {stateText(campaign)}
      </Badge>
      <ClaimButton campaign={campaign} fullWidth />
    </Stack>
  );
}

export function CampaignDetailOverlay({ id }: { id: string }) {
  const numeric = /^\d{1,15}$/.test(id) ? Number(id) : null;
  return (
    <OverlayFrame title="活动详情">
      {numeric === null ? <Alert color="red">{CAMPAIGN_MESSAGES.notFound}</Alert> : <Detail id={numeric} />}
    </OverlayFrame>
  );
}

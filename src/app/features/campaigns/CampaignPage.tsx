// /campaign/{tab}: the display tabs, then the tab's campaigns with the caller's claim state. The 红包活动
// tab shows the red-packet campaigns (their own feature, loaded lazily). Offline: the last known list
// with its age; claiming waits for the network.
import { Alert, Button, Group, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { CAMPAIGN_DISPLAY_TABS, type CampaignDisplayTab } from '../../../shared/enums.ts';
import { asRouteHref } from '../../capabilities/capabilities.tsx';
import { errorMessage } from '../../lib/api/errors.ts';
import { useOnline } from '../../lib/online.ts';
import { LastKnownAge } from '../games/common/LastKnownAge.tsx';
import { useCurrentCustomer } from '../session/use-current-customer.ts';
import { CampaignCard } from './CampaignCard.tsx';
import { ClaimHistory } from './ClaimHistory.tsx';
import { campaignListQueryOptions } from './campaign-queries.ts';
import { tabSegment } from './campaign-tabs.ts';

const RedPacketCampaignList = lazy(() => import('../red-packets/RedPacketCampaignList.tsx'));

function CampaignTabs({ active }: { active: CampaignDisplayTab }) {
  return (
    <ScrollArea type="never">
      <Group gap={6} wrap="nowrap" component="nav" aria-label="活动分类" data-testid="campaign-tabs">
        {CAMPAIGN_DISPLAY_TABS.map((tab) => (
          <Button
            key={tab.code}
            component={Link}
            to={asRouteHref(tab.code === 'ALL' ? '/campaign' : `/campaign/${tabSegment(tab.code)}`)}
            mih={44}
            size="sm"
            variant={tab.code === active ? 'filled' : 'default'}
            aria-current={tab.code === active ? 'page' : undefined}
          >
            {tab.name}
          </Button>
        ))}
      </Group>
    </ScrollArea>
  );
}

function CampaignList({ tab }: { tab: CampaignDisplayTab }) {
  const loggedIn = useCurrentCustomer() !== null;
  const online = useOnline();
  const query = useQuery(campaignListQueryOptions(tab, loggedIn));
  if (query.isPending) return <Loader size="sm" aria-label="正在加载" />;
  if (!query.data) return <Alert color="red">{errorMessage(query.error)}</Alert>;
  const { campaigns } = query.data;
  return (
    <Stack gap="sm" data-testid="campaign-list">
      {!online && <LastKnownAge fetchedAt={query.dataUpdatedAt} />}
      {campaigns.length === 0 && <Text c="dimmed">暂无活动</Text>}
      {campaigns.map((campaign) => (
        <CampaignCard key={campaign.id} campaign={campaign} />
      ))}
    </Stack>
  );
}

export function CampaignPage({ tab }: { tab: CampaignDisplayTab }) {
  const customer = useCurrentCustomer();
  return (
    <Stack gap="md" p="md" data-testid="campaign-page" data-tab={tab}>
      <Title order={1} size="h3">
        优惠活动
      </Title>
      <CampaignTabs active={tab} />
      {tab === 'RED_PACKET' ? (
        <Suspense fallback={<Loader size="sm" aria-label="正在加载" />}>
          <RedPacketCampaignList />
        </Suspense>
      ) : (
        <CampaignList tab={tab} />
      )}
      {customer !== null && customer.testMode === null && <ClaimHistory />}
    </Stack>
  );
}

// 活动管理: every campaign with its phase, claims and budget; publish, pause, resume and end in place.
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { CAMPAIGN_ADMIN_PATHS, CAMPAIGN_PHASE_LABELS, type AdminCampaign, type StatusAction } from '../../../shared/api/campaigns.ts';
import { SUBTYPE_LABELS } from '../../../shared/campaigns/rules.ts';
import { formatMoney } from '../../../shared/money.ts';
import { boSend } from '../../lib/api.ts';
import { BoLink } from '../../lib/navigation.tsx';
import { useOperator } from '../../lib/operator.ts';
import { beijingText } from '../content/beijing-time.ts';
import { ACTION_LABELS, ACTIONS_OF_STATUS, CAMPAIGNS_UI, PHASE_COLORS } from './labels.ts';
import { campaignsQuery, refreshCampaigns, rel } from './queries.ts';

function StatusActions({ campaign }: { campaign: AdminCampaign }) {
  const queryClient = useQueryClient();
  const move = useMutation({
    mutationFn: (action: StatusAction) => boSend('POST', rel(CAMPAIGN_ADMIN_PATHS.status(campaign.id)), { action }),
    onSuccess: () => void refreshCampaigns(queryClient),
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });
  return (
    <Group gap={4} wrap="nowrap">
      {ACTIONS_OF_STATUS[campaign.status]!.map((action) => (
        <Button key={action} size="xs" variant={action === 'END' ? 'subtle' : 'light'} color={action === 'END' ? 'red' : undefined} loading={move.isPending && move.variables === action} onClick={() => move.mutate(action)} data-testid={`campaign-${action.toLowerCase()}`}>
          {ACTION_LABELS[action]}
        </Button>
      ))}
    </Group>
  );
}

export default function CampaignsPage() {
  const { can } = useOperator();
  const { data, error, isPending } = useQuery(campaignsQuery());
  const manage = can('campaigns.manage');
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>活动管理</Title>
        {manage ? (
          <Button component={BoLink} to={CAMPAIGNS_UI.create} data-testid="campaign-new">
            新建活动
          </Button>
        ) : null}
      </Group>
      {isPending ? <Loader aria-label="加载中" /> : null}
      {error ? <Alert color="red" title="加载失败">{errorMessage(error)}</Alert> : null}
      {data ? (
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>活动</Table.Th>
                <Table.Th>类型</Table.Th>
                <Table.Th>状态</Table.Th>
                <Table.Th>时间（北京时间）</Table.Th>
                <Table.Th>已派发 / 待审核</Table.Th>
                <Table.Th>已用 / 预算</Table.Th>
                {manage ? <Table.Th>操作</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.campaigns.map((c) => (
                <Table.Tr key={c.id} data-testid="campaign-row" data-id={c.id}>
                  <Table.Td>
                    <BoLink to={CAMPAIGNS_UI.edit(c.id)}>{c.title}</BoLink>
                  </Table.Td>
                  <Table.Td>{SUBTYPE_LABELS[c.subtype]}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={PHASE_COLORS[c.phase]} data-testid="campaign-phase">
                      {CAMPAIGN_PHASE_LABELS[c.phase]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{beijingText(new Date(c.startsAt).toISOString())}</Text>
                    <Text size="sm" c="dimmed">至 {beijingText(new Date(c.endsAt).toISOString())}</Text>
                  </Table.Td>
                  <Table.Td>
                    {c.claimsPaid} / {c.claimsPending}
                  </Table.Td>
                  <Table.Td>
                    {formatMoney(c.committed)} / {c.budget === null ? '不限' : formatMoney(c.budget)}
                  </Table.Td>
                  {manage ? (
                    <Table.Td>
                      <StatusActions campaign={c} />
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {data.campaigns.length === 0 ? <Text c="dimmed">还没有活动。</Text> : null}
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}

// 我的领取记录: the customer's claims with the spec's bonus statuses (已派发, 等待审核, 已拒绝 with the reason).
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BONUS_STATUS_LABELS } from '../../../shared/api/campaigns.ts';
import { formatMoney } from '../../../shared/money.ts';
import { myClaimsQueryOptions } from './campaign-queries.ts';

const COLORS = { PAID: 'teal', WAITING_FOR_APPROVAL: 'orange', REJECTED: 'red', NOT_ACHIEVED: 'gray' } as const;
const timeText = (ms: number) =>
  new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(ms);

export function ClaimHistory() {
  const { data } = useQuery(myClaimsQueryOptions());
  if (!data || data.claims.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="campaign-claim-history">
      <Title order={2} size="h5">
        我的领取记录
      </Title>
      {data.claims.map((claim) => (
        <Paper key={claim.id} withBorder radius="md" p="xs" data-testid="campaign-claim-record">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" lineClamp={1}>
                {claim.campaignTitle}
              </Text>
              <Text size="xs" c="dimmed">
                {timeText(claim.createdAt)} · 打码 {formatMoney(claim.requiredStake)}
                {claim.rejectReason ? ` · ${claim.rejectReason}` : ''}
              </Text>
            </Stack>
            <Stack gap={2} align="flex-end">
              <Text size="sm" fw={600}>
                {formatMoney(claim.amount)}
              </Text>
              <Badge size="sm" variant="light" color={COLORS[claim.status]} data-testid="claim-record-status">
                {BONUS_STATUS_LABELS[claim.status]}
              </Badge>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

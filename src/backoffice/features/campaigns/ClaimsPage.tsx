// 活动奖金审核: claims waiting for approval. 通过 pays at once up to the four-eyes threshold; above it,
// it files a request a second operator approves in 审批 (the claim shows 待二次审批). 拒绝 needs a reason.
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { ApproveResultSchema, CAMPAIGN_ADMIN_PATHS, CLAIM_FOUR_EYES_THRESHOLD, type AdminClaim } from '../../../shared/api/campaigns.ts';
import { formatMoney } from '../../../shared/money.ts';
import { boSend } from '../../lib/api.ts';
import { useOperator } from '../../lib/operator.ts';
import { beijingText } from '../content/beijing-time.ts';
import { pendingClaimsQuery, refreshCampaigns, rel } from './queries.ts';

function ClaimActions({ claim }: { claim: AdminClaim }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const done = (message: string) => {
    void refreshCampaigns(queryClient);
    notifications.show({ color: 'green', message });
  };
  const fail = (error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) });
  const approve = useMutation({
    mutationFn: () => boSend('POST', rel(CAMPAIGN_ADMIN_PATHS.approve(claim.id)), {}, ApproveResultSchema),
    onSuccess: (result) => done(result.outcome === 'PAID' ? '已通过并派发' : '已提交二次审批，请另一位操作员在「审批」中处理'),
    onError: fail,
  });
  const reject = useMutation({
    mutationFn: () => boSend('POST', rel(CAMPAIGN_ADMIN_PATHS.reject(claim.id)), { reason }),
    onSuccess: () => done('已拒绝'),
    onError: fail,
  });
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" onClick={() => approve.mutate()} loading={approve.isPending} data-testid="claim-approve">
        通过
      </Button>
      <TextInput size="xs" placeholder="拒绝原因" value={reason} onChange={(e) => setReason(e.currentTarget.value)} w={140} aria-label="拒绝原因" />
      <Button size="xs" color="red" variant="light" onClick={() => reject.mutate()} loading={reject.isPending} disabled={reason.trim() === ''} data-testid="claim-reject">
        拒绝
      </Button>
    </Group>
  );
}

export default function ClaimsPage() {
  const { can } = useOperator();
  const { data, error, isPending } = useQuery(pendingClaimsQuery());
  const decide = can('campaigns.claims.approve');
  return (
    <Stack>
      <Title order={2}>活动奖金审核</Title>
      <Text size="sm" c="dimmed">
        超过 {formatMoney(CLAIM_FOUR_EYES_THRESHOLD)} 的奖金需另一位操作员二次审批。
      </Text>
      {isPending ? <Loader aria-label="加载中" /> : null}
      {error ? <Alert color="red">{errorMessage(error)}</Alert> : null}
      {data ? (
        <Table.ScrollContainer minWidth={900}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>活动</Table.Th>
                <Table.Th>会员</Table.Th>
                <Table.Th>达标依据</Table.Th>
                <Table.Th>奖金 / 打码量</Table.Th>
                <Table.Th>申请时间</Table.Th>
                {decide ? <Table.Th>操作</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.claims.map((c) => (
                <Table.Tr key={c.id} data-testid="claim-row" data-id={c.id}>
                  <Table.Td>{c.campaignTitle}</Table.Td>
                  <Table.Td>{c.username}</Table.Td>
                  <Table.Td>
                    {c.qualifyingRef ?? '—'} {c.qualifyingAmount > 0 ? formatMoney(c.qualifyingAmount) : ''}
                  </Table.Td>
                  <Table.Td>
                    {formatMoney(c.amount)} / {formatMoney(c.requiredStake)} {c.needsSecondApproval ? <Badge size="xs" color="orange">需二次审批</Badge> : null}
                  </Table.Td>
                  <Table.Td>{beijingText(new Date(c.createdAt).toISOString())}</Table.Td>
                  {decide ? (
                    <Table.Td>
                      <ClaimActions claim={c} />
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {data.claims.length === 0 ? <Text c="dimmed">没有待审核的领取申请。</Text> : null}
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}

// 提现详情: where the money goes, the player's figures the decision rests on, what happened so far,
// and the decisions this role may take.
import { Alert, Anchor, Badge, Breadcrumbs, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PAYOUT_KIND_NAMES } from '../../../shared/api/withdrawals.ts';
import { formatMoneyGrouped } from '../../../shared/money.ts';
import { PAYMENT_STATUS_TEXT } from '../../../shared/wallet/payment-status.ts';
import { ErrorBlock, LoadingBlock } from '../../components/QueryState.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { BoLink } from '../../lib/navigation.tsx';
import { FlagBadges } from './FlagBadges.tsx';
import { PAYOUT_STATE_COLORS, PAYOUT_STATE_LABELS } from './labels.ts';
import { detailQuery } from './queries.ts';
import { WithdrawalActions } from './WithdrawalActions.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children === null || children === '' ? '—' : children}
      </Text>
    </div>
  );
}

export default function WithdrawalDetailPage() {
  const { withdrawalId = '' } = useParams({ strict: false }) as { withdrawalId?: string };
  const id = /^\d{1,15}$/.test(withdrawalId) ? Number(withdrawalId) : 0;
  const detail = useQuery({ ...detailQuery(id), enabled: id > 0 });
  if (id === 0) return <Alert color="red">提现单不存在</Alert>;
  const w = detail.data;
  if (!w) return detail.error ? <ErrorBlock error={detail.error} onRetry={() => void detail.refetch()} /> : <LoadingBlock />;
  return (
    <Stack data-testid="withdrawal-detail">
      <Breadcrumbs>
        <Anchor component={BoLink} to="/finance/withdrawals">
          提现审核
        </Anchor>
        <Text>{w.reference}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="start">
        <Stack gap={4}>
          <Title order={2}>
            提现 {w.reference}
            {w.gateway === 'sandbox' && (
              <Badge ml="sm" color="yellow" variant="filled" data-testid="sandbox-badge">
                沙箱
              </Badge>
            )}
          </Title>
          <Group gap={6}>
            <Badge variant="light" data-testid="detail-status">
              {PAYMENT_STATUS_TEXT[w.status]}
            </Badge>
            <Badge variant="light" color={PAYOUT_STATE_COLORS[w.payoutState]}>
              {PAYOUT_STATE_LABELS[w.payoutState]}
            </Badge>
            <FlagBadges flags={w.flags} />
          </Group>
        </Stack>
      </Group>
      <WithdrawalActions withdrawal={w} />
      {w.reason && (
        <Alert color="gray" title="原因（玩家可见）" data-testid="detail-reason">
          {w.reason}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={4} mb="sm">
            申请
          </Title>
          <SimpleGrid cols={2}>
            <Field label="用户名">
              <BoLink to={`/customers/${w.customerId}`}>{w.username}</BoLink>
            </Field>
            <Field label="申请时间">{formatDateTime(w.createdAt)}</Field>
            <Field label="提现金额">{formatMoneyGrouped(w.amount)}</Field>
            <Field label="手续费">{formatMoneyGrouped(w.fee)}</Field>
            <Field label="实际到账">{formatMoneyGrouped(w.netAmount)}</Field>
            <Field label="领取人">{w.claimedBy}</Field>
            <Field label="网关出款单号">{w.gatewayPayoutId}</Field>
            <Field label="二次审批">{w.needsSecondApprover ? (w.approvalId !== null ? `审批单 #${w.approvalId}` : '需要') : '不需要'}</Field>
          </SimpleGrid>
        </Card>
        <Card withBorder data-testid="payout-destination">
          <Title order={4} mb="sm">
            收款账户
          </Title>
          <SimpleGrid cols={2}>
            <Field label="方式">{PAYOUT_KIND_NAMES[w.payoutAccount.kind]}</Field>
            <Field label="银行">{w.payoutAccount.bankName}</Field>
            <Field label="账号 / 地址">{w.payoutAccount.account}</Field>
            <Field label="户名">{w.payoutAccount.holderName}</Field>
            <Field label="开户支行">{w.payoutAccount.branch}</Field>
            <Field label="绑定时间">{formatDateTime(w.payoutAccount.boundAt)}</Field>
          </SimpleGrid>
        </Card>
        <Card withBorder>
          <Title order={4} mb="sm">
            客户资金
          </Title>
          <SimpleGrid cols={2}>
            <Field label="当前余额">{formatMoneyGrouped(w.customer.balance)}</Field>
            <Field label="剩余流水要求">{formatMoneyGrouped(w.customer.requiredStakeRemaining)}</Field>
            <Field label="累计充值">{formatMoneyGrouped(w.customer.depositsTotal)}</Field>
            <Field label="累计提现">{formatMoneyGrouped(w.customer.withdrawalsTotal)}</Field>
            <Field label="近30天净盈利">{formatMoneyGrouped(w.customer.netWin30Days)}</Field>
          </SimpleGrid>
        </Card>
        <Card withBorder>
          <Title order={4} mb="sm">
            处理记录
          </Title>
          <Table verticalSpacing={4} aria-label="处理记录">
            <Table.Tbody>
              {w.events.map((event, index) => (
                <Table.Tr key={index}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.at)}</Table.Td>
                  <Table.Td>{event.action}</Table.Td>
                  <Table.Td>{event.by ?? '系统'}</Table.Td>
                  <Table.Td>{event.note ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

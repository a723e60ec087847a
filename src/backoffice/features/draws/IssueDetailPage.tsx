// 期号详情: the issue's state and times, result and where it came from, its fairness data (commitment,
// chain anchor and position; the seed only once drawn), its orders, state history, corrections, the
// manual-result requests made for it, and — by permission — manual entry / correction and cancel.
import { Alert, Anchor, Badge, Card, Code, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { BoLink } from '../../lib/navigation.tsx';
import { useState, type ReactNode } from 'react';
import { formatMoneyGrouped } from '../../../shared/money.ts';
import type { IssueDetail } from '../../../shared/backoffice/draws.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { useOperator } from '../../lib/operator.ts';
import { CancelIssueForm } from './CancelIssueForm.tsx';
import {
  beijingTime,
  cancelReasonLabel,
  resultSourceLabel,
  resultText,
  SOURCE_COLORS,
  sourceLabel,
  STATE_COLORS,
  stateLabel,
} from './labels.ts';
import { drawTypePath } from './paths.ts';
import { ManualResultForm } from './ManualResultForm.tsx';
import { IssueStateBadge, TextBadge } from './StateBadge.tsx';
import { ResultRequestActions } from './ResultRequestActions.tsx';
import { issueQuery } from './queries.ts';

const transitionText = (from: string, to: string) => {
  const label = (state: string) => (state in STATE_COLORS ? stateLabel(state as keyof typeof STATE_COLORS) : state);
  return from === to ? `${label(to)}（结果更正）` : `${label(from)} → ${label(to)}`;
};

const REQUEST_STATUS = { PENDING: '待审批', APPROVED: '已批准', REJECTED: '已驳回' } as const;
const REQUEST_COLORS = { PENDING: 'grape', APPROVED: 'green', REJECTED: 'gray' } as const;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" component="div">{children}</Text>
    </div>
  );
}

function Fairness({ issue }: { issue: IssueDetail['issue'] }) {
  if (issue.commitment === null) return <Text size="sm" c="dimmed">本期不是承诺开奖（官方结果或人工录入），没有种子与承诺。</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Field label="本期承诺 SHA-256(种子 ‖ 期号)"><Code>{issue.commitment}</Code></Field>
      <Field label="当日种子链锚点 / 位置">{issue.chain ? <><Code>{issue.chain.anchor}</Code> · 第 {issue.chain.position} 位</> : '—'}</Field>
      <Field label="种子">{issue.seed ? <Code data-testid="issue-seed">{issue.seed}</Code> : '开奖后公布'}</Field>
      <Field label="信标">{issue.beacon ? <Code>{issue.beacon}</Code> : '—'}</Field>
    </SimpleGrid>
  );
}

export default function IssueDetailPage() {
  const { drawType = '', issueNumber = '' } = useParams({ strict: false }) as { drawType?: string; issueNumber?: string };
  const { can, operator } = useOperator();
  const { data, error, isPending } = useQuery(issueQuery(drawType, issueNumber));
  const [submitted, setSubmitted] = useState<number | null>(null);
  if (isPending) return <Loader aria-label="加载中" />;
  if (error) return <Alert color="red" title="加载失败">{errorMessage(error)}</Alert>;
  const { issue } = data;
  const pending = data.resultRequests.some((r) => r.status === 'PENDING');
  const mayEnter = data.manualEntry && can('draws.result.request') && ['CLOSED', 'DRAWN', 'SETTLED'].includes(issue.state);
  const mayCancel = can('draws.cancel') && ['SCHEDULED', 'OPEN', 'CLOSED'].includes(issue.state);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          {data.name} 第 {issue.issueNumber} 期
        </Title>
        <Anchor component={BoLink} to={drawTypePath(data.drawType)}>
          返回期号日历
        </Anchor>
      </Group>
      <Card withBorder>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Field label="状态">
            <Group gap={4}>
              <IssueStateBadge state={issue.state} testId="issue-state" />
              {issue.cancelReason ? <Text size="xs">{cancelReasonLabel(issue.cancelReason)}</Text> : null}
            </Group>
          </Field>
          <Field label="开奖源"><Badge color={SOURCE_COLORS[data.source]} variant="light">{sourceLabel(data.source)}</Badge></Field>
          <Field label="开奖号码"><Text ff="monospace" fw={700} data-testid="issue-result">{resultText(issue.result)}</Text></Field>
          <Field label="结果来源">{issue.result ? resultSourceLabel(issue.resultSource) : '—'}</Field>
          <Field label="开售">{beijingTime(issue.opensAt)}</Field>
          <Field label="截止">{beijingTime(issue.closesAt)}</Field>
          <Field label="开奖时间">{beijingTime(issue.drawAt)}</Field>
          <Field label="实际开奖">{beijingTime(issue.drawnAt)}</Field>
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={4} mb="sm">注单</Title>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Field label="注单数">{data.orders.count}</Field>
          <Field label="未结算"><span data-testid="pending-orders">{data.orders.pending}</span></Field>
          <Field label="投注额">{formatMoneyGrouped(data.orders.turnover)}</Field>
          <Field label="派奖">{formatMoneyGrouped(data.orders.payout)}</Field>
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={4} mb="sm">公平性（公开数据）</Title>
        <Fairness issue={issue} />
      </Card>
      <Card withBorder>
        <Title order={4} mb="sm">人工录入与更正审批</Title>
        {submitted !== null ? (
          <Alert color="green" title="已提交审批" mb="sm">
            审批单 #{submitted}：等待另一位操作员确认。
          </Alert>
        ) : null}
        {data.resultRequests.length === 0 ? (
          <Text size="sm" c="dimmed">没有录入记录。</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>审批单</Table.Th>
                <Table.Th>状态</Table.Th>
                <Table.Th>号码</Table.Th>
                <Table.Th>录入人</Table.Th>
                <Table.Th>时间</Table.Th>
                <Table.Th>原因</Table.Th>
                <Table.Th>审批人</Table.Th>
                <Table.Th>操作</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.resultRequests.map((r) => (
                <Table.Tr key={r.approvalId} data-testid="result-request" data-status={r.status}>
                  <Table.Td>#{r.approvalId}</Table.Td>
                  <Table.Td><TextBadge color={REQUEST_COLORS[r.status]}>{REQUEST_STATUS[r.status]}</TextBadge></Table.Td>
                  <Table.Td ff="monospace">{r.replaces ? `${resultText(r.replaces)} → ${resultText(r.result)}` : resultText(r.result)}</Table.Td>
                  <Table.Td>{r.requestedBy}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{beijingTime(r.requestedAt)}</Table.Td>
                  <Table.Td>{r.reason}</Table.Td>
                  <Table.Td>{r.decidedBy ?? '—'}</Table.Td>
                  <Table.Td>
                    {r.status === 'PENDING' && can('draws.result.approve') && operator?.username !== r.requestedBy ? (
                      <ResultRequestActions approvalId={r.approvalId} isCorrection={r.replaces !== null} />
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {pending ? (
          <Text size="sm" mt="sm">
            待审批的录入须由另一位操作员批准或驳回（本页或 <Anchor component={BoLink} to="/approvals">审批队列</Anchor>）。
          </Text>
        ) : null}
      </Card>
      {mayEnter && !pending ? (
        <Card withBorder>
          <ManualResultForm drawType={data.drawType} issueNumber={issue.issueNumber} current={issue.state === 'CLOSED' ? null : issue.result} onSubmitted={setSubmitted} />
        </Card>
      ) : null}
      {data.corrections.length > 0 ? (
        <Card withBorder>
          <Title order={4} mb="sm">结果更正</Title>
          <Table>
            <Table.Tbody>
              {data.corrections.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{beijingTime(c.at)}</Table.Td>
                  <Table.Td ff="monospace">{resultText(c.previousResult)} → {resultText(c.correctedResult)}</Table.Td>
                  <Table.Td>{c.resettledAt ? `已重新结算（${beijingTime(c.resettledAt)}）` : '重新结算中'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      ) : null}
      <Card withBorder>
        <Title order={4} mb="sm">状态记录</Title>
        <Table>
          <Table.Tbody>
            {data.transitions.map((t, i) => (
              <Table.Tr key={i}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{beijingTime(t.at)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{transitionText(t.fromState, t.toState)}</Table.Td>
                <Table.Td>{t.note ?? ''}</Table.Td>
                <Table.Td>{t.actor ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      {mayCancel ? (
        <Card withBorder>
          <CancelIssueForm drawType={data.drawType} issueNumber={issue.issueNumber} pendingOrders={data.orders.pending} />
        </Card>
      ) : null}
    </Stack>
  );
}

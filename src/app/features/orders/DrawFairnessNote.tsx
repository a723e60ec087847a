import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { DrawnIssue } from '../../../shared/api/draws.ts';
import type { OrderDetail } from '../../../shared/api/orders.ts';
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import { isVerifiable, resultOrigin } from '../fairness/result-origin.ts';
import { drawTypeName, issueCancelReasonText } from './order-labels.ts';

/** Where the order's result comes from and how to check it (docs/fairness.md). */
export function DrawFairnessNote({ order, issue }: { order: OrderDetail; issue: DrawnIssue | undefined }) {
  return (
    <div data-testid="order-fairness">
      {order.fairness ? (
        <InstantFairness orderId={order.orderId} fairness={order.fairness} />
      ) : (
        <PeriodicFairness drawType={order.drawType} issueNumber={order.issueNumber} issue={issue} />
      )}
    </div>
  );
}

function InstantFairness({ orderId, fairness }: { orderId: string; fairness: NonNullable<OrderDetail['fairness']> }) {
  return (
    <Stack gap={4}>
      <Text size="sm">
        秒开结果由服务器种子、客户端种子 <Text span ff="monospace" size="sm">{fairness.clientSeed}</Text> 与随机数 {fairness.nonce} 计算得出。
      </Text>
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
        下注前公布的服务器种子哈希：{fairness.serverSeedHash}
      </Text>
      {fairness.serverSeed ? (
        <Anchor component={Link} to={`/verify/instant/${encodeURIComponent(orderId)}`} {...VERIFY_LINK}>
          {VERIFY_LINK_TEXT}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          服务器种子尚未公开：更换服务器种子后，旧种子才会公开，届时即可验证本单。
        </Text>
      )}
    </Stack>
  );
}

function PeriodicFairness({ drawType, issueNumber, issue }: { drawType: string; issueNumber: string; issue: DrawnIssue | undefined }) {
  if (issue?.state === 'CANCELLED') {
    return <Text size="sm">本期已撤销：{issueCancelReasonText(issue.cancelReason)}，投注金额已退回。</Text>;
  }
  const origin = resultOrigin(drawType, issue);
  if (origin === 'unknown') return null;
  const simulated = origin === 'simulated' || origin === 'legacy-simulated';
  const badge = simulated ? <SimulatedBadge /> : null;
  if (isVerifiable(origin)) {
    if (issue?.seed) {
      return (
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            {badge}
            <Text size="sm">
              {simulated ? '本期号码由平台模拟产生，并非官方开奖结果；' : '本期'}由平台开售前承诺的种子开奖，种子已公开，可在浏览器中重新计算并核对开奖号码。
            </Text>
          </Group>
          <Anchor component={Link} to={`/verify/${encodeURIComponent(drawType)}/${encodeURIComponent(issueNumber)}`} {...VERIFY_LINK}>
            {VERIFY_LINK_TEXT}
          </Anchor>
        </Stack>
      );
    }
    return (
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {badge}
        <Text size="sm" c="dimmed">
          {simulated ? '本期为模拟开奖（非官方结果），可验证' : '本期为平台可验证开奖'}：开奖后公开种子，届时即可在浏览器中重新计算并核对开奖号码。
        </Text>
      </Group>
    );
  }
  const resultOf = findDrawType(drawType)?.resultOf;
  if (origin === 'derived' && resultOf) {
    return (
      <Stack gap={4}>
        <Text size="sm">开奖号码取自{drawTypeName(resultOf)}同一期的开奖结果。</Text>
        <Anchor component={Link} to={`/verify/${encodeURIComponent(resultOf)}/${encodeURIComponent(issueNumber)}`} {...VERIFY_LINK}>
          查看{drawTypeName(resultOf)}本期开奖 ›
        </Anchor>
      </Stack>
    );
  }
  if (simulated) {
    return (
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {badge}
        <Text size="sm">本期号码来自旧版模拟开奖源，不是真实的官方开奖结果，开售前未公布承诺，无法验证。</Text>
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Badge color="blue.8" variant="filled" style={{ flexShrink: 0 }}>
        官方开奖
      </Badge>
      <Text size="sm">开奖号码取自官方公布的开奖结果。</Text>
    </Group>
  );
}

function SimulatedBadge() {
  return (
    <Badge color="orange.9" variant="filled" style={{ flexShrink: 0 }}>
      模拟开奖
    </Badge>
  );
}

const VERIFY_LINK = { fw: 600, 'data-testid': 'verify-link' } as const;
const VERIFY_LINK_TEXT = '验证开奖公平性 ›';

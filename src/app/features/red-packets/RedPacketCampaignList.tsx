// The 红包活动 tab of /campaign: current and recently ended red packets, each with its commitment and
// a link to its verification page (the seed is public once it has ended).
import { Alert, Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { RED_PACKET_STATE_LABELS, type PublicRedPacket } from '../../../shared/api/red-packets.ts';
import { formatMoney } from '../../../shared/money.ts';
import { RED_PACKET_RULE_LABELS } from '../../../shared/red-packets/split.ts';
import { errorMessage } from '../../lib/api/errors.ts';
import { useOnline } from '../../lib/online.ts';
import { formatAge } from '../../lib/relative-time.ts';
import { redPacketListQueryOptions } from './red-packet-queries.ts';

const STATE_COLORS = { SCHEDULED: 'blue', ACTIVE: 'red', PAUSED: 'gray', ENDED: 'gray' } as const;

export default function RedPacketCampaignList() {
  const query = useQuery(redPacketListQueryOptions());
  const online = useOnline();
  return (
    <Stack gap="sm" data-testid="red-packet-campaign-list">
      {!online && query.data ? (
        <Text size="xs" c="orange" data-testid="red-packet-list-age">
          当前离线，显示的是{formatAge(query.dataUpdatedAt)}的数据
        </Text>
      ) : null}
      {query.isPending ? (
        <Loader size="sm" aria-label="正在加载" />
      ) : query.isError && !query.data ? (
        <Alert color="orange">{errorMessage(query.error)}</Alert>
      ) : query.data.length === 0 ? (
        <Text c="dimmed">暂无红包活动</Text>
      ) : (
        query.data.map((packet) => <PacketCard key={packet.id} packet={packet} />)
      )}
    </Stack>
  );
}

function PacketCard({ packet }: { packet: PublicRedPacket }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="red-packet-card">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>{packet.title}</Text>
        <Badge color={STATE_COLORS[packet.state]}>{RED_PACKET_STATE_LABELS[packet.state]}</Badge>
      </Group>
      {packet.description ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {packet.description}
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        {RED_PACKET_RULE_LABELS[packet.rule]} · 已领 {packet.claimed}/{packet.count} 个 · 总额 {formatMoney(packet.budget)}
      </Text>
      <Text size="xs" c="dimmed">
        {new Date(packet.startsAt).toLocaleString('zh-CN')} – {new Date(packet.endsAt).toLocaleString('zh-CN')}
      </Text>
      <Text size="xs" style={{ wordBreak: 'break-all' }}>
        承诺：{packet.commitment}
      </Text>
      <Link to="/verify/red-packet/$id" params={{ id: String(packet.id) }} style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }} data-testid="red-packet-verify-link">
        {packet.seed ? '验证拆分' : '查看承诺'}
      </Link>
    </Paper>
  );
}

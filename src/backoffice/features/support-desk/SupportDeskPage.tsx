// 客服工作台: the lists on the left (waiting, mine, all active, recently closed), the chosen
// conversation in the middle, the customer's profile on the right. Refreshed every few seconds.
import { Badge, Box, Grid, Group, Loader, SegmentedControl, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeskConversation } from '../../../shared/api/support-chat.ts';
import { useOperator } from '../../lib/operator.ts';
import { ConversationPane } from './ConversationPane.tsx';
import { CustomerProfile } from './CustomerProfile.tsx';
import { listQuery, type DeskView } from './queries.ts';

const VIEWS: { value: DeskView; label: string }[] = [
  { value: 'waiting', label: '等待接入' },
  { value: 'mine', label: '我的会话' },
  { value: 'active', label: '全部服务中' },
  { value: 'closed', label: '已结束' },
];

function ConversationItem({ conversation, selected, onSelect }: { conversation: DeskConversation; selected: boolean; onSelect: () => void }) {
  return (
    <UnstyledButton
      onClick={onSelect}
      p="xs"
      mih={44}
      style={{ borderRadius: 6, background: selected ? 'var(--mantine-color-blue-light)' : undefined }}
      data-testid="support-conversation-item"
      data-customer={conversation.customerName}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>{conversation.customerName}</Text>
        {conversation.unread > 0 && <Badge color="red" size="sm">{conversation.unread}</Badge>}
      </Group>
      <Text size="xs" c="dimmed" lineClamp={1}>{conversation.lastMessage ?? ''}</Text>
    </UnstyledButton>
  );
}

export default function SupportDeskPage() {
  const { can } = useOperator();
  const [view, setView] = useState<DeskView>('waiting');
  const [selected, setSelected] = useState<DeskConversation | null>(null);
  const { data, isPending } = useQuery(listQuery(view));
  return (
    <Stack>
      <Title order={2}>客服工作台</Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Stack gap="xs">
            <SegmentedControl data={VIEWS} value={view} onChange={(value) => setView(value as DeskView)} orientation="vertical" data-testid="support-views" />
            {isPending ? (
              <Loader aria-label="加载中" />
            ) : data?.items.length === 0 ? (
              <Text c="dimmed" size="sm">暂无会话</Text>
            ) : (
              data?.items.map((conversation) => (
                <ConversationItem key={conversation.id} conversation={conversation} selected={selected?.id === conversation.id} onSelect={() => setSelected(conversation)} />
              ))
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Box style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}>
            {selected ? <ConversationPane key={selected.id} id={selected.id} /> : <Text c="dimmed" p="lg">请选择一个会话</Text>}
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          {selected && can('customers.read') && <CustomerProfile customerId={selected.customerId} />}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

import { Badge, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { MEMBER_TYPE_LABELS, type TeamMember } from '../../../../shared/api/agent-team.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { formatBeijingMinute } from '../../orders/order-filters.ts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

/** One member of the list: who, what it holds, and the ways further in. */
export function MemberCard({ member, onOpen, onDrill }: { member: TeamMember; onOpen: (id: number) => void; onDrill: (id: number) => void }) {
  return (
    <li style={{ listStyle: 'none', padding: '10px 4px', borderBottom: '1px solid var(--mantine-color-default-border)' }} data-testid="member-row" data-username={member.username}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {member.username}
          </Text>
          <Badge size="sm" variant="light" color={member.type === 'PLAYER' ? 'gray' : 'red'}>
            {MEMBER_TYPE_LABELS[member.type]}
          </Badge>
          {member.level > 1 && (
            <Text size="xs" c="dimmed">
              {member.level} 级
            </Text>
          )}
        </Group>
        <Group gap={4} wrap="nowrap">
          {member.memberCount > 0 && (
            <Button size="compact-sm" variant="default" onClick={() => onDrill(member.id)} data-testid="member-drill">
              下级 {member.memberCount}
            </Button>
          )}
          <Button size="compact-sm" variant="light" onClick={() => onOpen(member.id)} data-testid="member-open">
            详情
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing={4} mt={4}>
        <Figure label="奖金组" value={String(member.prizeGroup)} />
        <Figure label="余额" value={formatMoney(member.balance)} />
        <Figure label="最后登录" value={member.lastLoginAt === null ? '从未登录' : formatBeijingMinute(member.lastLoginAt)} />
        <Figure label="注册时间" value={formatBeijingMinute(member.createdAt)} />
      </SimpleGrid>
    </li>
  );
}

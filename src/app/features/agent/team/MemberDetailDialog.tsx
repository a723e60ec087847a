import { Breadcrumbs, Button, Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MEMBER_TYPE_LABELS, type MemberDetail } from '../../../../shared/api/agent-team.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { useIsPhone } from '../../../lib/device.ts';
import { formatBeijingMinute } from '../../orders/order-filters.ts';
import { PrizeGroupForm } from './PrizeGroupForm.tsx';
import { QueryState } from './QueryState.tsx';
import { memberDetailQueryOptions } from './team-queries.ts';
import { TransferForm } from './TransferForm.tsx';

/** Above the overlay route it opens from (Mantine's modal layer is 200). */
const DETAIL_Z_INDEX = 210;

export default function MemberDetailDialog({ memberId, onClose }: { memberId: number; onClose: () => void }) {
  const phone = useIsPhone();
  const query = useQuery(memberDetailQueryOptions(memberId));
  return (
    <Dialog opened onClose={onClose} title="会员详情" fullScreen={phone} size="md" zIndex={DETAIL_Z_INDEX} testId="member-detail">
      {query.data ? <MemberDetailView member={query.data} /> : <QueryState query={query} offlineText="联网后即可查看会员详情" />}
    </Dialog>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function MemberDetailView({ member }: { member: MemberDetail }) {
  const [transferring, setTransferring] = useState(false);
  return (
    <Stack gap="md">
      {member.trail.length > 1 && (
        <Breadcrumbs separator="›" aria-label="所在层级">
          {member.trail.map((step) => (
            <Text key={step.id} size="sm">
              {step.username}
            </Text>
          ))}
        </Breadcrumbs>
      )}
      <SimpleGrid cols={2} spacing="sm">
        <Row label="用户名" value={member.username} testId="member-detail-username" />
        <Row label="昵称" value={member.alias} />
        <Row label="类型" value={MEMBER_TYPE_LABELS[member.type]} />
        <Row label="上级" value={member.parentUsername ?? '—'} />
        <Row label="奖金组" value={String(member.prizeGroup)} testId="member-detail-prize-group" />
        <Row label="余额" value={formatMoney(member.balance)} testId="member-detail-balance" />
        <Row label="下级人数" value={String(member.memberCount)} />
        <Row label="层级" value={member.level === 1 ? '直属' : `${member.level} 级`} />
        <Row label="最后登录" value={member.lastLoginAt === null ? '从未登录' : formatBeijingMinute(member.lastLoginAt)} />
        <Row label="注册时间" value={formatBeijingMinute(member.createdAt)} />
      </SimpleGrid>
      {member.prizeGroupEditable && (
        <>
          <Divider label="修改奖金组" labelPosition="left" />
          <PrizeGroupForm key={member.prizeGroup} member={member} />
        </>
      )}
      {member.transferable && (
        <>
          <Divider label="团队转账" labelPosition="left" />
          {transferring ? (
            <TransferForm member={member} />
          ) : (
            <Button variant="light" onClick={() => setTransferring(true)} data-testid="member-transfer">
              转账给该会员
            </Button>
          )}
        </>
      )}
      {!member.prizeGroupEditable && (
        <Text size="xs" c="dimmed">
          只能修改直属会员的奖金组，也只能向直属会员转账。
        </Text>
      )}
    </Stack>
  );
}

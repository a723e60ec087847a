// An operator's sessions (signed in, or halfway through signing in) and ending one of them.
import { Badge, Button, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OperatorListItem, OperatorSessionItem } from '../../../../shared/backoffice/auth.ts';
import { ErrorBlock, LoadingBlock } from '../../../components/QueryState.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { coreKeys, operatorSessionsQuery, revokeSession } from '../core-api.ts';

const STAGE_LABELS: Record<OperatorSessionItem['stage'], string> = {
  ACTIVE: '已登录',
  SECOND_FACTOR: '待输入验证码',
  ENROLMENT: '待绑定动态码',
};

export function OperatorSessionsModal({ operator, onClose }: { operator: OperatorListItem; onClose: () => void }) {
  const queryClient = useQueryClient();
  const sessions = useQuery(operatorSessionsQuery(operator.id));
  const [revoking, setRevoking] = useState<OperatorSessionItem | null>(null);
  return (
    <Modal opened onClose={onClose} title={`${operator.displayName} 的会话`} size="xl" closeButtonProps={{ 'aria-label': '关闭' }}>
      <Stack gap="md">
        {sessions.isPending && <LoadingBlock />}
        {sessions.isError && <ErrorBlock error={sessions.error} onRetry={() => void sessions.refetch()} />}
        {sessions.data && sessions.data.items.length === 0 && <Text c="dimmed">没有进行中的会话。</Text>}
        {sessions.data && sessions.data.items.length > 0 && (
          <ScrollArea type="auto">
            <Table miw={640} aria-label="会话列表">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>状态</Table.Th>
                  <Table.Th>登录时间</Table.Th>
                  <Table.Th>最近活动</Table.Th>
                  <Table.Th>IP</Table.Th>
                  <Table.Th>浏览器</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.data.items.map((session) => (
                  <Table.Tr key={session.id}>
                    <Table.Td>
                      <Badge variant="dot" color={session.stage === 'ACTIVE' ? 'teal' : 'blue'}>
                        {STAGE_LABELS[session.stage]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDateTime(session.createdAt)}</Table.Td>
                    <Table.Td>{formatDateTime(session.lastSeenAt)}</Table.Td>
                    <Table.Td>{session.ip ?? '—'}</Table.Td>
                    <Table.Td>
                      <Text size="xs" lineClamp={2} maw={220}>
                        {session.userAgent ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" color="red" variant="light" onClick={() => setRevoking(session)}>
                        结束会话
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
      <ReasonModal
        opened={revoking !== null}
        title="结束会话"
        description={<Text size="sm">结束后，该会话须重新登录。</Text>}
        confirmLabel="结束会话"
        confirmColor="red"
        onClose={() => setRevoking(null)}
        onConfirm={async (reason) => {
          await revokeSession(operator.id, revoking!.id, reason);
          await queryClient.invalidateQueries({ queryKey: coreKeys.operators });
        }}
      />
    </Modal>
  );
}

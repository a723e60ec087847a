import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ACCOUNTS_PATHS, OkSchema, SignOutOthersResponseSchema } from '../../../../shared/api/accounts.ts';
import { apiPut } from '../../../lib/api/client.ts';
import { formatBeijingTime } from '../../protection/format.ts';
import { sessionsQueryOptions } from '../account-queries.ts';
import { useAccountAction } from '../common/use-account-action.ts';

/** A short device name from the user agent; the full text is in the title. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return '未知设备';
  const system = /Android|iPhone|iPad|Windows|Mac OS X|Linux/.exec(userAgent)?.[0];
  const browser = /Edg|Chrome|Firefox|Safari/.exec(userAgent)?.[0];
  const names: Record<string, string> = { 'Mac OS X': 'macOS', Edg: 'Edge' };
  const parts = [system, browser].filter(Boolean).map((part) => names[part as string] ?? part);
  return parts.length ? parts.join(' · ') : '未知设备';
}

/** This customer's active sessions: revoke one, or sign out every other device. */
export function SessionsList() {
  const sessions = useQuery(sessionsQueryOptions());
  const refresh = () => void sessions.refetch();
  const revoke = useAccountAction((id: number) => apiPut(ACCOUNTS_PATHS.revokeSession(id), {}, OkSchema), { success: '该设备已退出登录', onDone: refresh });
  const signOutOthers = useAccountAction(() => apiPut(ACCOUNTS_PATHS.signOutOthers, {}, SignOutOthersResponseSchema), {
    success: '其他设备已全部退出登录',
    onDone: refresh,
  });
  const list = sessions.data?.sessions ?? [];
  return (
    <Stack gap="sm" data-testid="sessions">
      <Group justify="space-between">
        <Text size="sm">以下设备当前登录着您的账号。</Text>
        <Button variant="light" color="red" loading={signOutOthers.isPending} disabled={list.length < 2} onClick={() => signOutOthers.mutate()} data-testid="sign-out-others">
          退出其他设备
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={480}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>设备</Table.Th>
              <Table.Th>IP</Table.Th>
              <Table.Th>最近活动</Table.Th>
              <Table.Th>操作</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((session) => (
              <Table.Tr key={session.id} data-testid="session-row">
                <Table.Td title={session.userAgent ?? undefined}>
                  {deviceName(session.userAgent)}
                  {session.current && (
                    <Badge size="xs" ml="xs">
                      本机
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{session.ip ?? '—'}</Table.Td>
                <Table.Td>{formatBeijingTime(session.lastSeenAt)}</Table.Td>
                <Table.Td>
                  {!session.current && (
                    <Button size="xs" variant="subtle" color="red" onClick={() => revoke.mutate(session.id)}>
                      下线
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

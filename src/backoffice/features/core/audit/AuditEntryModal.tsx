import { Code, Modal, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { AuditItem } from '../../../../shared/backoffice/auth.ts';
import { JsonBlock } from '../../../components/JsonBlock.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { auditDiff, cellText } from './audit-diff.ts';
import { roleLabel } from './role-label.ts';

export function AuditEntryModal({ entry, onClose }: { entry: AuditItem | null; onClose: () => void }) {
  const rows = entry ? auditDiff(entry.before, entry.after) : [];
  const byField = rows.length > 0 && rows[0]!.field !== '';
  return (
    <Modal opened={entry !== null} onClose={onClose} title={entry ? `审计记录 #${entry.id}` : ''} size="xl" closeButtonProps={{ 'aria-label': '关闭' }}>
      {entry && (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Text size="sm">时间：{formatDateTime(entry.at)}</Text>
            <Text size="sm">
              操作员：{entry.operatorUsername}（{roleLabel(entry.role)}）
            </Text>
            <Text size="sm">来源 IP：{entry.ip ?? '—'}</Text>
            <Text size="sm">操作：{entry.action}</Text>
            <Text size="sm">
              对象：{entry.targetType} {entry.targetId ?? ''}
            </Text>
            <Text size="sm">原因：{entry.reason ?? '—'}</Text>
          </SimpleGrid>
          <Text fw={600} size="sm">
            变更前 → 变更后
          </Text>
          {byField ? (
            <ScrollArea type="auto">
              <Table miw={560} aria-label="变更内容">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>字段</Table.Th>
                    <Table.Th>变更前</Table.Th>
                    <Table.Th>变更后</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.field} bg={row.changed ? 'yellow.0' : undefined} data-changed={row.changed || undefined}>
                      <Table.Td>{row.field}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{cellText(row.before)}</Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{cellText(row.after)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <div>
                <Text size="xs" c="dimmed">
                  变更前
                </Text>
                <JsonBlock value={entry.before} />
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  变更后
                </Text>
                <JsonBlock value={entry.after} />
              </div>
            </SimpleGrid>
          )}
          <Text size="xs" c="dimmed">
            哈希链：<Code fz="xs">{entry.hash}</Code>
          </Text>
        </Stack>
      )}
    </Modal>
  );
}

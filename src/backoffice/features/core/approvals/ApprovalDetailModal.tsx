import { Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { APPROVAL_STATUS_LABELS, type ApprovalItem } from '../../../../shared/backoffice/auth.ts';
import { JsonBlock } from '../../../components/JsonBlock.tsx';
import { formatDateTime } from '../../../lib/format.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

export function ApprovalDetailModal({ approval, onClose }: { approval: ApprovalItem | null; onClose: () => void }) {
  return (
    <Modal opened={approval !== null} onClose={onClose} title={approval ? `审批单 #${approval.id}` : ''} size="lg" closeButtonProps={{ 'aria-label': '关闭' }}>
      {approval && (
        <Stack gap="sm">
          <SimpleGrid cols={2} spacing="sm">
            <Field label="类型">{approval.label}</Field>
            <Field label="状态">{APPROVAL_STATUS_LABELS[approval.status]}</Field>
            <Field label="申请人">
              {approval.requestedBy.displayName}（{approval.requestedBy.username}）
            </Field>
            <Field label="申请时间">{formatDateTime(approval.requestedAt)}</Field>
            {approval.decidedBy && (
              <Field label="审批人">
                {approval.decidedBy.displayName}（{approval.decidedBy.username}）
              </Field>
            )}
            {approval.decidedAt && <Field label="审批时间">{formatDateTime(approval.decidedAt)}</Field>}
          </SimpleGrid>
          <Field label="摘要">{approval.summary}</Field>
          <Field label="申请原因">{approval.reason}</Field>
          {approval.decisionReason && <Field label="审批意见">{approval.decisionReason}</Field>}
          <Text size="xs" c="dimmed">
            申请数据
          </Text>
          <JsonBlock value={approval.payload} />
        </Stack>
      )}
    </Modal>
  );
}

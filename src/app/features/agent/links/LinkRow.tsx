// One link in 链接管理: what it makes, its count and state, and its actions.
import { Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatBeijingDateTime } from '../../../../shared/draws/schedule/beijing-time.ts';
import {
  LINK_RETENTION_NAMES,
  LINK_STATE_NAMES,
  LinkRemarkSchema,
  NEW_ACCOUNT_TYPE_NAMES,
  type AgentLink,
} from '../../../../shared/api/agent-links.ts';
import { firstError } from '../../../../shared/validation/errors.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { reportActionError } from '../../accounts/common/action-error.ts';
import { deleteLink, refreshLinks, setLinkRemark } from './link-queries.ts';

const STATE_COLORS = { ACTIVE: 'teal', EXPIRED: 'gray', DELETED: 'red' } as const;

export function LinkRow({ link, onShare }: { link: AgentLink; onShare: (link: AgentLink) => void }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [remark, setRemark] = useState(link.remark);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const saveRemark = useMutation({
    mutationFn: (text: string) => setLinkRemark(link.id, text),
    onSuccess: () => {
      setEditing(false);
      toastSuccess('备注已保存');
      void refreshLinks(queryClient);
    },
    onError: reportActionError,
  });
  const remove = useMutation({
    mutationFn: () => deleteLink(link.id),
    onSuccess: () => {
      toastSuccess('链接已删除');
      void refreshLinks(queryClient);
    },
    onError: reportActionError,
  });
  const submitRemark = () => {
    const problem = firstError(LinkRemarkSchema, { remark });
    if (problem) return toastError(problem);
    saveRemark.mutate(remark);
  };
  const usable = link.state === 'ACTIVE';
  return (
    <Card withBorder padding="sm" data-testid="link-row" data-link-id={link.id} data-state={link.state}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm" data-testid="link-remark-text">
            {link.remark || '（无备注）'}
          </Text>
          <Badge color={STATE_COLORS[link.state]} variant="light" data-testid="link-state">
            {LINK_STATE_NAMES[link.state]}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {NEW_ACCOUNT_TYPE_NAMES[link.accountType]} · 奖金组 {link.prizeGroup} · 有效期 {LINK_RETENTION_NAMES[link.retention]}
          {link.expiresAt !== null ? `（至 ${formatBeijingDateTime(link.expiresAt)}）` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          生成于 {formatBeijingDateTime(link.createdAt)} · 注册人数{' '}
          <Text span fw={600} c="var(--mantine-color-text)" data-testid="link-count">
            {link.registrationCount}
          </Text>
        </Text>
        {editing ? (
          <Group gap="xs" wrap="nowrap" align="end">
            <TextInput
              size="xs"
              label="备注"
              description="最多 8 个字"
              value={remark}
              onChange={(event) => setRemark(event.currentTarget.value)}
              style={{ flex: 1 }}
              data-testid="remark-input"
            />
            <Button size="xs" onClick={submitRemark} loading={saveRemark.isPending} data-testid="save-remark">
              保存
            </Button>
            <Button size="xs" variant="default" onClick={() => setEditing(false)}>
              取消
            </Button>
          </Group>
        ) : (
          <Group gap="xs">
            {usable && (
              <Button size="xs" variant="light" onClick={() => onShare(link)} data-testid="share-link">
                二维码 / 复制
              </Button>
            )}
            {link.state !== 'DELETED' && (
              <Button size="xs" variant="default" onClick={() => { setRemark(link.remark); setEditing(true); }} data-testid="edit-remark">
                修改备注
              </Button>
            )}
            {link.state !== 'DELETED' &&
              (confirmingDelete ? (
                <>
                  <Button size="xs" color="red" onClick={() => remove.mutate()} loading={remove.isPending} data-testid="confirm-delete-link">
                    确认删除
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setConfirmingDelete(false)}>
                    取消
                  </Button>
                </>
              ) : (
                <Button size="xs" variant="subtle" color="red" onClick={() => setConfirmingDelete(true)} data-testid="delete-link">
                  删除
                </Button>
              ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

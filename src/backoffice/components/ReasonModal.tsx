// The confirmation of an operator write that the audit log records with a reason: the reason field
// (and any fields of the action's own), the server's Chinese messages on the fields or above them.
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { REASON_MESSAGE } from '../../shared/backoffice/auth.ts';
import { formFailure } from '../lib/forms.ts';

export interface ReasonModalProps {
  opened: boolean;
  title: string;
  /** What is about to happen, shown above the reason. */
  description?: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  /** Approving may go without a reason; everything else needs one. */
  reasonOptional?: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
}

export function ReasonModal({ opened, title, description, confirmLabel, confirmColor, reasonOptional = false, onClose, onConfirm }: ReasonModalProps) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const close = () => {
    setReason('');
    setFieldError(null);
    setFailure(null);
    onClose();
  };
  const confirm = async () => {
    const trimmed = reason.trim();
    if (!(reasonOptional && trimmed === '') && (trimmed.length < 2 || reason.length > 500)) {
      setFieldError(REASON_MESSAGE);
      return;
    }
    setFieldError(null);
    setFailure(null);
    setPending(true);
    try {
      await onConfirm(reason);
      close();
    } catch (error) {
      const { fields, message } = formFailure(error, ['reason']);
      setFieldError(typeof fields.reason === 'string' ? fields.reason : null);
      setFailure(message);
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} closeButtonProps={{ 'aria-label': '关闭' }}>
      <Stack gap="md">
        {description}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Textarea
          label={reasonOptional ? '备注（可选）' : '原因'}
          description="将记录在审计日志中"
          autosize
          minRows={2}
          maxRows={6}
          value={reason}
          error={fieldError}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            取消
          </Button>
          <Button color={confirmColor} loading={pending} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

// One action on a customer in a dialog: its own fields (if any), a reason (recorded in the audit
// log), the server's Chinese messages on the fields they concern, anything else above the buttons.
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { REASON_MESSAGE } from '../../../shared/backoffice/auth.ts';
import { formFailure } from '../../lib/forms.ts';
import { CUSTOMERS_KEY } from './queries.ts';

export interface ActionDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  color?: string;
  /** Fields of the action besides the reason, with their server messages. */
  children?: (fieldErrors: Record<string, string>) => ReactNode;
  /** The action's own checks before anything is sent: field → message. */
  check?: () => Record<string, string>;
  submit: (reason: string) => Promise<unknown>;
  /** What to say once the server accepted it. */
  done: (result: unknown) => string;
  fieldNames?: readonly string[];
}

export function ActionDialog(props: ActionDialogProps) {
  const { opened, onClose, title, description, confirmLabel, color = 'blue', children, check, submit, done, fieldNames = [] } = props;
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => submit(reason.trim()),
    onSuccess: () => {
      setFailure(null);
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
    },
    onError: (error) => {
      const refused = formFailure(error, ['reason', ...fieldNames]);
      setFieldErrors(refused.fields as Record<string, string>);
      setFailure(refused.message);
    },
  });
  const { reset } = mutation;
  // A fresh form each time it opens (not when it closes: the closing dialog keeps what it showed).
  useEffect(() => {
    if (!opened) return;
    setReason('');
    setFieldErrors({});
    setFailure(null);
    reset();
  }, [opened, reset]);
  const close = onClose;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = { ...(check?.() ?? {}) };
    if (reason.trim().length < 2 || reason.length > 500) errors.reason = REASON_MESSAGE;
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    mutation.mutate();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      {mutation.isSuccess ? (
        <Stack>
          <Alert color="green" role="status">{done(mutation.data)}</Alert>
          <Group justify="end">
            <Button onClick={close}>关闭</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <Stack gap="sm">
            <Text size="sm">{description}</Text>
            {children?.(fieldErrors)}
            <Textarea
              label="原因（记入审计日志）"
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={fieldErrors.reason}
              required
              autosize
              minRows={2}
              maxLength={500}
            />
            {failure ? <Alert color="red">{failure}</Alert> : null}
            <Group justify="end">
              <Button variant="default" onClick={close}>
                取消
              </Button>
              <Button type="submit" color={color} loading={mutation.isPending}>
                {confirmLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

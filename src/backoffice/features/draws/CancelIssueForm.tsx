// 撤单: cancels an issue not yet drawn; every pending order on it is refunded (SYSTEM_CANCELED).
import { Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CancelIssueAnswerSchema, DRAWS_ADMIN_PATHS, isReasonValid, REASON_MESSAGE } from '../../../shared/backoffice/draws.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { ApiError, boSend } from '../../lib/api.ts';
import { DRAWS_KEY } from './queries.ts';

export function CancelIssueForm({ drawType, issueNumber, pendingOrders }: { drawType: string; issueNumber: string; pendingOrders: number }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({
    mutationFn: () => boSend('POST', DRAWS_ADMIN_PATHS.cancel(drawType, issueNumber), { reason: reason.trim() }, CancelIssueAnswerSchema),
    onSuccess: () => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: DRAWS_KEY });
    },
    onError: (error) => {
      setConfirming(false);
      if (error instanceof ApiError) setReasonError(error.fields.reason);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isReasonValid(reason)) {
      setReasonError(REASON_MESSAGE);
      return;
    }
    setReasonError(undefined);
    if (!confirming) {
      setConfirming(true);
      return;
    }
    mutation.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="撤单">
      <Stack gap="sm">
        <Title order={4}>撤单</Title>
        <Text size="sm" c="dimmed">撤销本期：不再开奖，{pendingOrders} 笔未结算注单的投注金额全部退回。此操作不可撤回。</Text>
        <Textarea label="撤单原因" value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={reasonError} required autosize minRows={2} maxLength={500} />
        {mutation.error && !reasonError ? <Alert color="red">{errorMessage(mutation.error)}</Alert> : null}
        {mutation.isSuccess ? <Alert color="green">已撤单，退款 {mutation.data.refunded} 笔。</Alert> : null}
        <Group>
          <Button type="submit" color="red" loading={mutation.isPending}>
            {confirming ? '确认撤单并退款' : '撤单'}
          </Button>
          {confirming ? (
            <Button variant="default" onClick={() => setConfirming(false)}>
              取消
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

// Stops the entries not placed yet; placed ones stay as they are. Asks once before stopping.
import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api/errors.ts';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { applyAutobetDetail, stopAutobetRequest } from './autobet-queries.ts';

export function StopAutobetButton({ autobetId, remaining }: { autobetId: string; remaining: number }) {
  const [asking, setAsking] = useState(false);
  const queryClient = useQueryClient();
  const stop = useMutation({
    mutationFn: () => stopAutobetRequest(autobetId),
    onSuccess: (detail) => {
      applyAutobetDetail(queryClient, detail);
      setAsking(false);
      toastSuccess('已停止追号');
    },
    onError: (error) => toastError(errorMessage(error)),
  });
  if (!asking) {
    return (
      <Button color="red" variant="light" onClick={() => setAsking(true)} data-testid="autobet-stop">
        停止追号
      </Button>
    );
  }
  return (
    <Alert color="red" title="停止追号" data-testid="autobet-stop-confirm">
      <Text size="sm">剩余 {remaining} 期将不再投注，已投注的期数不受影响。确定停止吗？</Text>
      <Group mt="sm" gap="xs">
        <Button color="red" size="xs" loading={stop.isPending} onClick={() => stop.mutate()} data-testid="autobet-stop-confirm-button">
          确定停止
        </Button>
        <Button variant="default" size="xs" onClick={() => setAsking(false)}>
          取消
        </Button>
      </Group>
    </Alert>
  );
}

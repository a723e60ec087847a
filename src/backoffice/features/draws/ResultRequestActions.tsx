// The second operator's decision on a pending manual result, on the issue's own page (the same
// endpoints as the approval queue): approve — the issue is drawn or the correction re-settled — or
// reject with a reason. The server refuses the operator who entered it, whatever this page shows.
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApprovalResponseSchema, CORE_PATHS } from '../../../shared/backoffice/auth.ts';
import { isReasonValid, REASON_MESSAGE } from '../../../shared/backoffice/draws.ts';
import { errorMessage } from '../../../app/lib/api/errors.ts';
import { ApiError, boSend } from '../../lib/api.ts';
import { DRAWS_KEY } from './queries.ts';

const decisionPath = (template: string, approvalId: number) => template.replace(':id', String(approvalId));

export function ResultRequestActions({ approvalId, isCorrection }: { approvalId: number; isCorrection: boolean }) {
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'reject') =>
      decision === 'approve'
        ? boSend('POST', decisionPath(CORE_PATHS.approvalApprove, approvalId), {}, ApprovalResponseSchema)
        : boSend('POST', decisionPath(CORE_PATHS.approvalReject, approvalId), { reason: reason.trim() }, ApprovalResponseSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: DRAWS_KEY }),
    onError: (error) => {
      if (error instanceof ApiError) setReasonError(error.fields.reason);
    },
  });
  const reject = () => {
    if (!isReasonValid(reason)) {
      setReasonError(REASON_MESSAGE);
      return;
    }
    setReasonError(undefined);
    decide.mutate('reject');
  };
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button size="xs" onClick={() => decide.mutate('approve')} loading={decide.isPending && decide.variables === 'approve'}>
          {isCorrection ? '批准更正' : '批准并开奖'}
        </Button>
        <Button size="xs" variant="default" onClick={() => (rejecting ? reject() : setRejecting(true))} loading={decide.isPending && decide.variables === 'reject'}>
          {rejecting ? '确认驳回' : '驳回'}
        </Button>
      </Group>
      {rejecting ? (
        <TextInput size="xs" label="驳回原因" value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={reasonError} />
      ) : null}
      {decide.error && !reasonError ? <Alert color="red">{errorMessage(decide.error)}</Alert> : null}
    </Stack>
  );
}

// 一键回收: every provider balance back to the main wallet, with what happened per provider — the
// ones that moved, the ones still being confirmed, and the ones that could not be reached.
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { TRANSFER_STATUS_LABELS, type RecallAnswer } from '../../../../shared/api/third-party.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { isDefinitiveRefusal } from '../../../lib/api/errors.ts';
import { reportActionError } from '../../accounts/common/action-error.ts';
import { PROVIDER_NAMES } from '../../games/menu-model.ts';
import { showTrialRestriction } from '../../notifications/trial-restriction.ts';
import { newRequestKey, refreshAfterTransfer, requestRecallAll } from '../third-party-queries.ts';

function RecallResult({ answer }: { answer: RecallAnswer }) {
  const nothing = answer.transfers.length === 0 && answer.failures.length === 0;
  return (
    <Alert color={answer.failures.length > 0 ? 'yellow' : 'green'} title="回收结果" data-testid="recall-result">
      {nothing ? (
        <Text size="sm">各游戏钱包均无余额可回收</Text>
      ) : (
        <List size="sm" spacing={2}>
          {answer.transfers.map((transfer) => (
            <List.Item key={transfer.id} data-testid="recall-transfer" data-provider={transfer.provider} data-status={transfer.status}>
              {PROVIDER_NAMES[transfer.provider]}：{formatMoney(transfer.amount)} {TRANSFER_STATUS_LABELS[transfer.status]}
            </List.Item>
          ))}
          {answer.failures.map((failure) => (
            <List.Item key={failure.provider} data-testid="recall-failure" data-provider={failure.provider}>
              {PROVIDER_NAMES[failure.provider]}：{failure.message}
            </List.Item>
          ))}
        </List>
      )}
      <Text size="sm" mt={4}>
        主钱包余额：{formatMoney(answer.mainWallet)}
      </Text>
    </Alert>
  );
}

export function RecallAll({ trial, online }: { trial: boolean; online: boolean }) {
  const queryClient = useQueryClient();
  const requestKey = useRef(newRequestKey());
  const recall = useMutation({
    mutationFn: () => requestRecallAll(requestKey.current),
    onSuccess: () => {
      requestKey.current = newRequestKey();
      void refreshAfterTransfer(queryClient);
    },
    onError: (error) => {
      // Only a refusal ends this request; after no real answer (a 5xx, no response) a retry is the same request.
      if (isDefinitiveRefusal(error)) requestKey.current = newRequestKey();
      reportActionError(error);
      void refreshAfterTransfer(queryClient);
    },
  });
  return (
    <Stack gap="xs">
      <Button
        variant="light"
        fullWidth
        disabled={!online}
        loading={recall.isPending}
        onClick={() => (trial ? showTrialRestriction('转账') : recall.mutate())}
        data-testid="recall-all"
      >
        一键回收
      </Button>
      {recall.data && <RecallResult answer={recall.data} />}
    </Stack>
  );
}

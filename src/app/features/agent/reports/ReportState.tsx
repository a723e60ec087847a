import { Alert, Group, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api/errors.ts';

/** What a report shows before its data is there: the error, the offline note, or a spinner. */
export function ReportState({ query, offlineText }: { query: Pick<UseQueryResult, 'isError' | 'error' | 'fetchStatus'>; offlineText: string }) {
  if (query.isError) return <Alert color="red">{errorMessage(query.error)}</Alert>;
  if (query.fetchStatus === 'paused') return <Alert title="网络已断开">{offlineText}</Alert>;
  return (
    <Group justify="center" py="xl">
      <Loader size="sm" aria-label="加载中" />
    </Group>
  );
}

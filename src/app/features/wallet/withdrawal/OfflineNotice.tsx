import { Alert } from '@mantine/core';
import { OFFLINE_MONEY_REASON } from '../../../lib/online.ts';

export function OfflineNotice() {
  return (
    <Alert color="gray" title="网络已断开" data-testid="withdrawal-offline">
      {OFFLINE_MONEY_REASON}
    </Alert>
  );
}

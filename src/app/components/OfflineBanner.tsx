import { Alert } from '@mantine/core';
import { useOnline } from '../lib/online.ts';
import { WifiOffIcon } from './icons.tsx';

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      className="jl-offline-banner"
      color="orange"
      radius={0}
      icon={<WifiOffIcon />}
      title="网络已断开"
      role="status"
      data-testid="offline-banner"
    >
      当前显示的是最后已知的数据。投注、充值、提现和转账需要联网后才能进行。
    </Alert>
  );
}

import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** Online as TanStack Query sees it (seeded from navigator.onLine at boot, then online/offline events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

export const OFFLINE_MONEY_REASON = '当前网络已断开，充值、提现、转账和投注需要联网后才能进行';

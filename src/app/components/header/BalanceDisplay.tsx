import { ActionIcon, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import { useBalance } from '../../features/wallet/use-balance.ts';
import { useOnline } from '../../lib/online.ts';
import { usePreference } from '../../lib/preferences/use-preference.ts';
import { formatAge } from '../../lib/relative-time.ts';
import { EyeIcon, EyeOffIcon, RefreshIcon } from '../icons.tsx';

const MASK = '******';

/**
 * Balance with hide/show and refresh (spec §2.3); offline it is marked as the last-known value. A
 * `caption` (the trial label on a phone) sits above the amount, where it costs no width.
 */
export function BalanceDisplay({ caption }: { caption?: ReactNode } = {}) {
  const { amount, updatedAt, refreshing, refresh } = useBalance();
  const [showBalance, setShowBalance] = usePreference('showBalance');
  const online = useOnline();
  const text = showBalance ? formatMoney(amount) : MASK;
  const amountText = (
    <Text size="sm" fw={600} className="jl-balance" data-testid="balance-amount" aria-label={showBalance ? `余额 ${text}` : '余额已隐藏'}>
      {text}
    </Text>
  );
  return (
    <Group gap={2} wrap="nowrap" data-testid="balance">
      {caption ? (
        <Stack gap={0} align="flex-start">
          {caption}
          {amountText}
        </Stack>
      ) : (
        amountText
      )}
      {!online && updatedAt > 0 && (
        <Text size="xs" c="dimmed" data-testid="balance-last-known" title={`更新于${formatAge(updatedAt)}`}>
          （最后已知 · {formatAge(updatedAt)}）
        </Text>
      )}
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={showBalance ? '隐藏余额' : '显示余额'}
        onClick={() => setShowBalance(!showBalance)}
      >
        {showBalance ? <EyeIcon size={16} /> : <EyeOffIcon size={16} />}
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label="刷新余额"
        title={online ? '刷新余额' : '离线时无法刷新余额'}
        onClick={refresh}
        disabled={!online || refreshing}
      >
        {refreshing ? <Loader size={12} /> : <RefreshIcon size={16} />}
      </ActionIcon>
    </Group>
  );
}

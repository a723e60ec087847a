// Every enabled provider's wallet: the last balance it confirmed, how fresh that is, and a refresh
// that asks the provider now. A failed refresh keeps the old balance and marks it 可能不是最新.
import { ActionIcon, Alert, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProviderWallet, ProviderWallets } from '../../../../shared/api/third-party.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { errorMessage } from '../../../lib/api/errors.ts';
import { toastError } from '../../../lib/notify.ts';
import { formatAge } from '../../../lib/relative-time.ts';
import { PROVIDER_NAMES } from '../../games/menu-model.ts';
import { ProviderLogo } from '../ProviderLogo.tsx';
import { providerWalletsQueryOptions, refreshProviderWallet } from '../third-party-queries.ts';

function Freshness({ wallet }: { wallet: ProviderWallet }) {
  if (wallet.state === 'IN_DOUBT') {
    return (
      <Badge color="yellow" variant="light" size="sm">
        确认中
      </Badge>
    );
  }
  const age = wallet.updatedAt ? `${formatAge(Date.parse(wallet.updatedAt))}更新` : '尚未查询';
  return (
    <Text size="xs" c={wallet.state === 'STALE' ? 'orange' : 'dimmed'} data-testid="wallet-freshness">
      {wallet.state === 'STALE' ? `可能不是最新 · ${age}` : age}
    </Text>
  );
}

function WalletRow({ wallet }: { wallet: ProviderWallet }) {
  const queryClient = useQueryClient();
  const refresh = useMutation({
    mutationFn: () => refreshProviderWallet(wallet.provider),
    onSuccess: (fresh) => {
      queryClient.setQueryData(providerWalletsQueryOptions().queryKey, (current: ProviderWallets | undefined) =>
        current ? { wallets: current.wallets.map((w) => (w.provider === fresh.provider ? fresh : w)) } : current,
      );
    },
    onError: (error) => {
      toastError(errorMessage(error));
      void queryClient.invalidateQueries({ queryKey: providerWalletsQueryOptions().queryKey });
    },
  });
  const name = PROVIDER_NAMES[wallet.provider];
  return (
    <li style={{ listStyle: 'none', padding: '8px 0', borderBottom: '1px solid var(--mantine-color-default-border)' }} data-testid="provider-wallet" data-provider={wallet.provider} data-state={wallet.state}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <ProviderLogo provider={wallet.provider} size={28} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {name}
            </Text>
            <Freshness wallet={wallet} />
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="provider-balance">
            {formatMoney(wallet.balance)}
          </Text>
          <ActionIcon variant="subtle" aria-label={`刷新${name}余额`} loading={refresh.isPending} onClick={() => refresh.mutate()} data-testid="provider-refresh">
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M21 12a9 9 0 1 1-3-6.7L21 8" />
              <path d="M21 3v5h-5" />
            </svg>
          </ActionIcon>
        </Group>
      </Group>
    </li>
  );
}

export function ProviderWalletList() {
  const wallets = useQuery(providerWalletsQueryOptions());
  if (!wallets.data) {
    if (wallets.isError) return <Alert color="red">{errorMessage(wallets.error)}</Alert>;
    return (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label="加载中" />
      </Group>
    );
  }
  if (wallets.data.wallets.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        暂无可用的第三方钱包
      </Text>
    );
  }
  const total = wallets.data.wallets.reduce((sum, wallet) => sum + wallet.balance, 0);
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          第三方钱包合计
        </Text>
        <Text size="sm" fw={600} data-testid="provider-total">
          {formatMoney(total)}
        </Text>
      </Group>
      <ul style={{ margin: 0, padding: 0 }} data-testid="provider-wallets">
        {wallets.data.wallets.map((wallet) => (
          <WalletRow key={wallet.provider} wallet={wallet} />
        ))}
      </ul>
    </Stack>
  );
}

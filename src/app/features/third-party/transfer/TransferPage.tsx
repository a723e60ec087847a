// /wallet/third-party/{provider} (spec §2.1, bottom-nav 转账): the main wallet and every provider
// wallet, 转入/转出 (the tab's provider chosen), 一键回收, and the transfer history. A trial account sees it and gets the trial modal on
// any money action (spec §6); offline, nothing is sent.
import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ThirdPartyProvider } from '../../../../shared/enums.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { asRouteHref } from '../../../capabilities/capabilities.tsx';
import { useBalance } from '../../wallet/use-balance.ts';
import { useMoneyGate } from '../../wallet/withdrawal/use-money-gate.ts';
import { ProviderWalletList } from './ProviderWalletList.tsx';
import { RecallAll } from './RecallAll.tsx';
import { TransferForm } from './TransferForm.tsx';
import { TransferHistory } from './TransferHistory.tsx';

function MainWallet() {
  const balance = useBalance();
  return (
    <Group justify="space-between">
      <Text fw={600}>主钱包</Text>
      <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="main-wallet-balance">
        {formatMoney(balance.amount)}
      </Text>
    </Group>
  );
}

export function TransferPage({ provider }: { provider: ThirdPartyProvider | null }) {
  const gate = useMoneyGate();
  return (
    <Stack gap="md" maw={560} data-testid="third-party-transfer-page">
      <Group justify="space-between">
        <Title order={1} size="h3">
          额度转换
        </Title>
        <Anchor component={Link} to={asRouteHref('/account/transaction/third-party')} size="sm">
          第三方交易记录
        </Anchor>
      </Group>
      {!gate.online && <Alert title="网络已断开">联网后才能转账</Alert>}
      <Paper withBorder p="md">
        <Stack gap="sm">
          <MainWallet />
          <ProviderWalletList />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="md">
          <TransferForm key={provider ?? ''} initialProvider={provider} trial={gate.trial} online={gate.online} />
          <RecallAll trial={gate.trial} online={gate.online} />
        </Stack>
      </Paper>
      <Stack gap={4}>
        <Title order={2} size="h4">
          转账记录
        </Title>
        <Text size="xs" c="dimmed">
          确认中：平台尚未确认结果，系统会向平台查询后自动处理，资金不会丢失
        </Text>
        <TransferHistory />
      </Stack>
    </Stack>
  );
}

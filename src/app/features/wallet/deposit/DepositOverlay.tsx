// /wallet/deposit (spec §2.1, overlay, logged-in): the operator's enabled methods as tiles, the amount
// form of the chosen one, then the cashier (online: the gateway's page, in this tab) or the transfer
// details (offline). Trial accounts get the trial modal instead (spec §6); offline, the form is
// disabled with the reason and nothing is queued.
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { GATEWAY_IN_DOUBT_MESSAGE, type Deposit, type DepositMethodList } from '../../../../shared/api/deposits.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { OFFLINE_MONEY_REASON } from '../../../lib/online.ts';
import { showTrialRestriction } from '../../notifications/trial-restriction.ts';
import { useMoneyGate } from '../withdrawal/use-money-gate.ts';
import { DepositForm } from './DepositForm.tsx';
import { depositMethodsQueryOptions } from './deposit-queries.ts';
import { MethodPicker } from './MethodPicker.tsx';
import { OfflineTransferDetails } from './OfflineTransferDetails.tsx';

/** Leaves for the gateway's cashier page (same tab: on a phone a new tab is easily lost). */
export function openCashier(url: string): void {
  window.location.assign(url);
}

export function DepositOverlay() {
  const gate = useMoneyGate();
  const methods = useQuery({ ...depositMethodsQueryOptions(), enabled: !gate.trial });
  return (
    <OverlayFrame title="充值">
      <Stack gap="md" data-testid="deposit-page">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            选择充值方式和金额
          </Text>
          {!gate.trial && (
            <Anchor component={Link} to="/wallet/deposit-history" size="sm">
              充值记录
            </Anchor>
          )}
        </Group>
        {!gate.online && (
          <Alert color="gray" title="网络已断开" data-testid="deposit-offline">
            {OFFLINE_MONEY_REASON}
          </Alert>
        )}
        {gate.trial ? (
          <Card withBorder padding="md" data-testid="deposit-trial">
            <Text size="sm" mb="sm">
              试玩账号不能充值，注册正式账号后即可使用。
            </Text>
            <Button color="orange" onClick={() => showTrialRestriction('充值')}>
              充值
            </Button>
          </Card>
        ) : methods.data ? (
          <DepositChooser list={methods.data} online={gate.online} />
        ) : methods.error ? (
          <Alert color="red" title="加载失败">
            {errorMessage(methods.error)}
          </Alert>
        ) : methods.fetchStatus === 'paused' ? null : (
          <Group justify="center" py="xl">
            <Loader size="sm" aria-label="加载中" />
          </Group>
        )}
      </Stack>
    </OverlayFrame>
  );
}

function DepositChooser({ list, online }: { list: DepositMethodList; online: boolean }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [created, setCreated] = useState<Deposit | null>(null);
  const method = list.methods.find((m) => m.code === chosen) ?? list.methods[0] ?? null;
  if (list.methods.length === 0) {
    return (
      <Alert color="gray" data-testid="deposit-no-methods">
        暂无可用的充值方式，请稍后再试或联系客服
      </Alert>
    );
  }
  if (created) return <CreatedDeposit deposit={created} onAnother={() => setCreated(null)} />;
  return (
    <>
      {list.sandbox && method?.kind === 'ONLINE' && (
        <Alert color="yellow" variant="light" data-testid="deposit-sandbox">
          <Group gap="xs">
            <Badge color="yellow">沙箱</Badge>
            <Text size="sm">当前为沙箱支付通道，仅供测试，不涉及真实资金</Text>
          </Group>
        </Alert>
      )}
      <MethodPicker methods={list.methods} value={method?.code ?? null} onChange={setChosen} />
      {method && (
        <Card withBorder padding="md">
          <DepositForm
            key={method.code}
            method={method}
            disabled={!online}
            onCreated={(deposit) => {
              if (deposit.kind === 'ONLINE' && deposit.cashierUrl) openCashier(deposit.cashierUrl);
              setCreated(deposit);
            }}
          />
        </Card>
      )}
    </>
  );
}

function CreatedDeposit({ deposit, onAnother }: { deposit: Deposit; onAnother: () => void }) {
  if (deposit.kind === 'OFFLINE') return <OfflineTransferDetails deposit={deposit} />;
  return (
    <Stack gap="sm" data-testid="deposit-created">
      <Text size="sm">
        充值单号 <b>{deposit.reference}</b>，金额 {formatMoney(deposit.amount)}
      </Text>
      {deposit.cashierUrl ? (
        <>
          <Text size="sm">正在前往支付页面……</Text>
          <Button component="a" href={deposit.cashierUrl} color="orange" fullWidth>
            前往支付
          </Button>
        </>
      ) : (
        <Alert color="yellow" data-testid="deposit-in-doubt">
          {GATEWAY_IN_DOUBT_MESSAGE}
        </Alert>
      )}
      <Group grow>
        <Button variant="default" onClick={onAnother}>
          继续充值
        </Button>
        <Button component={Link} to="/wallet/deposit-history" variant="light">
          查看充值记录
        </Button>
      </Group>
    </Stack>
  );
}

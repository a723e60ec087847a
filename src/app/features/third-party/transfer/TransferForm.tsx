// 转入 / 转出 between the main wallet and one provider. The provider is the page's tab, else the spec
// §3.4 `thirdPartyTransferProvider` preference, else the first. That preference also names the one
// provider whose games move the main wallet in automatically when launched (the switch below). One idempotency key per
// transfer the player means: a retry after no answer reuses it, so money never moves twice.
import '@mantine/core/styles/SegmentedControl.css';
import { Button, Group, NativeSelect, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { TRANSFER_STATUS_LABELS, type Transfer } from '../../../../shared/api/third-party.ts';
import type { ThirdPartyProvider } from '../../../../shared/enums.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { isDefinitiveRefusal } from '../../../lib/api/errors.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { usePreference } from '../../../lib/preferences/use-preference.ts';
import { reportActionError } from '../../accounts/common/action-error.ts';
import { PROVIDER_NAMES } from '../../games/menu-model.ts';
import { showTrialRestriction } from '../../notifications/trial-restriction.ts';
import { useBalance } from '../../wallet/use-balance.ts';
import { newRequestKey, providerWalletsQueryOptions, refreshAfterTransfer, requestTransfer } from '../third-party-queries.ts';
import { checkTransferAmount, wholeYuan, yuanText } from './transfer-form.ts';

type Direction = 'IN' | 'OUT';

function announce(transfer: Transfer) {
  const what = `${transfer.direction === 'IN' ? '转入' : '转出'}${PROVIDER_NAMES[transfer.provider]} ${formatMoney(transfer.amount)}`;
  if (transfer.status === 'SUCCESS') toastSuccess(`${what}成功`);
  else if (transfer.status === 'FAILED') toastError(`${what}失败，资金未变动`);
  else toastSuccess(`${what}${TRANSFER_STATUS_LABELS[transfer.status]}，结果将显示在转账记录里`);
}

export function TransferForm({ initialProvider, trial, online }: { initialProvider: ThirdPartyProvider | null; trial: boolean; online: boolean }) {
  const queryClient = useQueryClient();
  const main = useBalance();
  const wallets = useQuery(providerWalletsQueryOptions()).data?.wallets ?? [];
  const [preferred, setPreferred] = usePreference('thirdPartyTransferProvider');
  const [chosen, setChosen] = useState<ThirdPartyProvider | null>(initialProvider);
  const [direction, setDirection] = useState<Direction>('IN');
  const [amountText, setAmountText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const requestKey = useRef(newRequestKey());

  const providers = wallets.map((wallet) => wallet.provider);
  const provider = [chosen, preferred, providers[0]].find((p): p is ThirdPartyProvider => p != null && providers.includes(p)) ?? null;
  const providerBalance = wallets.find((wallet) => wallet.provider === provider)?.balance ?? 0;
  const available = direction === 'IN' ? main.amount : providerBalance;

  const submit = useMutation({
    mutationFn: (amount: number) => {
      if (provider === null) throw new Error('no provider');
      return requestTransfer({ provider, direction, amount, requestKey: requestKey.current });
    },
    onSuccess: ({ transfer }) => {
      requestKey.current = newRequestKey();
      setAmountText('');
      announce(transfer);
      void refreshAfterTransfer(queryClient);
    },
    onError: (error) => {
      // Only a refusal ends this request; after no real answer (a 5xx, no response) a retry is the same request.
      if (isDefinitiveRefusal(error)) requestKey.current = newRequestKey();
      reportActionError(error);
      void refreshAfterTransfer(queryClient);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (trial) {
      showTrialRestriction('转账');
      return;
    }
    const checked = checkTransferAmount(amountText, wholeYuan(available));
    if ('error' in checked) {
      setProblem(checked.error);
      return;
    }
    setProblem(null);
    submit.mutate(checked.amount);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="额度转换" data-testid="transfer-form">
      <fieldset disabled={!online || provider === null} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <SegmentedControl
            fullWidth
            value={direction}
            onChange={(value) => setDirection(value === 'OUT' ? 'OUT' : 'IN')}
            data={[
              { value: 'IN', label: '转入游戏' },
              { value: 'OUT', label: '转回主钱包' },
            ]}
            aria-label="转账方向"
            data-testid="transfer-direction"
          />
          <NativeSelect
            label="游戏钱包"
            value={provider ?? ''}
            onChange={(event) => {
              const next = providers.find((p) => p === event.currentTarget.value) ?? null;
              setChosen(next);
            }}
            data={providers.map((p) => ({ value: p, label: PROVIDER_NAMES[p] }))}
            data-testid="transfer-provider"
          />
          <TextInput
            label="转账金额（元）"
            inputMode="numeric"
            autoComplete="off"
            placeholder="请输入整数金额"
            value={amountText}
            onChange={(event) => {
              setAmountText(event.currentTarget.value);
              setProblem(null);
            }}
            error={problem}
            rightSectionWidth={56}
            rightSection={
              <Button size="compact-xs" variant="subtle" onClick={() => setAmountText(yuanText(wholeYuan(available)))} data-testid="transfer-all">
                全部
              </Button>
            }
            data-testid="transfer-amount"
          />
          <Text size="xs" c="dimmed" data-testid="transfer-available">
            {direction === 'IN' ? '主钱包可转' : `${provider ? PROVIDER_NAMES[provider] : ''}可转`}：{formatMoney(wholeYuan(available))}（仅限整数元）
          </Text>
          <Switch
            label={`进入${provider ? PROVIDER_NAMES[provider] : ''}游戏时自动转入主钱包余额`}
            checked={provider !== null && preferred === provider}
            onChange={(event) => setPreferred(event.currentTarget.checked ? provider : null)}
            data-testid="auto-transfer-switch"
          />
          <Group grow>
            <Button type="submit" loading={submit.isPending} data-testid="transfer-submit">
              {direction === 'IN' ? '确认转入' : '确认转出'}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}

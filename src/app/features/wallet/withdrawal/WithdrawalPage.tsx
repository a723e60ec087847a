// /wallet/withdrawal/{tab}: a tab per enabled payout kind; balance, required stake and today's limits;
// the tab's bound accounts and a 绑定 form; then amount + money password → 提交.
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PAYOUT_KIND_NAMES, WITHDRAWAL_TABS, type PayoutAccount, type PayoutAccountList, type PayoutKind, type Withdrawal, type WithdrawalConfig, type WithdrawalTab } from '../../../../shared/api/withdrawals.ts';
import { errorMessage } from '../../../lib/api/errors.ts';
import { usePreference } from '../../../lib/preferences/use-preference.ts';
import { showTrialRestriction } from '../../notifications/trial-restriction.ts';
import { BindAccountForm } from './BindAccountForm.tsx';
import { OfflineNotice } from './OfflineNotice.tsx';
import { PayoutAccountPicker } from './PayoutAccountPicker.tsx';
import { orderByRecent, rememberRecent } from './recent-bank-accounts.ts';
import { SubmittedWithdrawal } from './SubmittedWithdrawal.tsx';
import { useMoneyGate } from './use-money-gate.ts';
import { WithdrawalSummary } from './WithdrawalSummary.tsx';
import { WithdrawalTabs } from './WithdrawalTabs.tsx';
import { WithdrawForm } from './WithdrawForm.tsx';
import { payoutAccountsQueryOptions, withdrawalConfigQueryOptions } from './withdrawal-queries.ts';


export function WithdrawalPage({ tab }: { tab: WithdrawalTab }) {
  const gate = useMoneyGate();
  const config = useQuery(withdrawalConfigQueryOptions());
  const accounts = useQuery(payoutAccountsQueryOptions());
  const failed = config.error ?? accounts.error;
  return (
    <Stack gap="md" maw={560} data-testid="withdrawal-page">
      <Group justify="space-between">
        <Title order={1} size="h3">
          提现
        </Title>
        {!gate.trial && (
          <Anchor component={Link} to="/wallet/withdrawal-history" size="sm">
            提现记录
          </Anchor>
        )}
      </Group>
      {!gate.online && <OfflineNotice />}
      {config.data && accounts.data ? (
        <WithdrawalTabContent key={tab} tab={tab} config={config.data} list={accounts.data} trial={gate.trial} online={gate.online} />
      ) : failed ? (
        <Alert color="red" title="加载失败">
          {errorMessage(failed)}
        </Alert>
      ) : config.fetchStatus === 'paused' || accounts.fetchStatus === 'paused' ? null : (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="加载中" />
        </Group>
      )}
    </Stack>
  );
}

interface TabContentProps {
  tab: WithdrawalTab;
  config: WithdrawalConfig;
  list: PayoutAccountList;
  trial: boolean;
  online: boolean;
}

function WithdrawalTabContent({ tab, config, list, trial, online }: TabContentProps) {
  const kind: PayoutKind = WITHDRAWAL_TABS[tab];
  const [recent, setRecent] = usePreference('recentBankAccountIds');
  const ofKind = list.accounts.filter((account) => account.kind === kind);
  const accounts = kind === 'BANK' ? orderByRecent(ofKind, recent) : ofKind;
  const [chosen, setChosen] = useState<number | null>(null);
  const selected = accounts.find((account) => account.id === chosen)?.id ?? accounts[0]?.id ?? null;
  const [binding, setBinding] = useState(false);
  const [submitted, setSubmitted] = useState<Withdrawal | null>(null);
  const enabled = config.enabledKinds.includes(kind);
  const canBindMore = ofKind.length < list.maxPerKind;
  const kindName = PAYOUT_KIND_NAMES[kind];

  const remember = (account: { id: number }) => {
    if (kind === 'BANK') setRecent(rememberRecent(recent, account.id));
  };
  const onBound = (account: PayoutAccount) => {
    remember(account);
    setChosen(account.id);
    setBinding(false);
  };

  return (
    <>
      <WithdrawalTabs active={tab} enabledKinds={config.enabledKinds} />
      <WithdrawalSummary config={config} online={online} />
      {!enabled ? (
        <Alert color="gray" data-testid="withdrawal-kind-disabled">
          {kindName}提现暂未开放，请选择其他提现方式
        </Alert>
      ) : trial ? (
        <TrialActions kindName={kindName} />
      ) : !config.hasMoneyPassword ? (
        <MoneyPasswordNotice />
      ) : (
        <>
          <Card withBorder padding="md">
            <Stack gap="sm">
              <PayoutAccountPicker accounts={accounts} recent={recent} value={selected} onChange={setChosen} />
              {canBindMore ? (
                binding || accounts.length === 0 ? (
                  <BindAccountForm kind={kind} realName={list.realName} disabled={!online} onBound={onBound} />
                ) : (
                  <Button variant="light" onClick={() => setBinding(true)} style={{ alignSelf: 'flex-start' }}>
                    绑定新{kindName}账户
                  </Button>
                )
              ) : (
                <Text size="xs" c="dimmed">
                  每种方式最多绑定 {list.maxPerKind} 个账户
                </Text>
              )}
            </Stack>
          </Card>
          {accounts.length > 0 && (
            <Card withBorder padding="md">
              <WithdrawForm
                config={config}
                payoutAccountId={selected}
                disabled={!online}
                onSubmitted={(withdrawal, accountId) => {
                  remember({ id: accountId });
                  setSubmitted(withdrawal);
                }}
              />
            </Card>
          )}
          {submitted && <SubmittedWithdrawal withdrawal={submitted} />}
        </>
      )}
    </>
  );
}

/** Spec §6: a trial account sees the page, and the trial modal instead of binding or withdrawing. */
function TrialActions({ kindName }: { kindName: string }) {
  return (
    <Card withBorder padding="md" data-testid="withdrawal-trial">
      <Text size="sm" mb="sm">
        试玩账号不能绑定收款账户或提现，注册正式账号后即可使用。
      </Text>
      <Group gap="sm">
        <Button variant="light" onClick={() => showTrialRestriction('绑定银行卡')}>
          绑定{kindName}账户
        </Button>
        <Button onClick={() => showTrialRestriction('提现')}>提现</Button>
      </Group>
    </Card>
  );
}

function MoneyPasswordNotice() {
  return (
    <Alert color="orange" title="请先设置资金密码" data-testid="money-password-missing">
      <Text size="sm">绑定收款账户和提现都需要资金密码。</Text>
      <Anchor component={Link} to="/account/center" size="sm" data-testid="set-money-password-link">
        前往个人中心 → 安全设置，设置资金密码
      </Anchor>
    </Alert>
  );
}

// After an offline deposit: where to transfer, how much, and the reference to write in the transfer's
// note, each with a copy button; 我已转账 leads to the history, where finance's confirmation shows.
import { Alert, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Deposit } from '../../../../shared/api/deposits.ts';
import { formatMoney } from '../../../../shared/money.ts';
import { formatAmountPlain } from '../../../../shared/validation/amount-text.ts';

function Line({ label, value, copy, testId }: { label: string; value: string | null; copy?: string; testId: string }) {
  if (!value) return null;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600} data-testid={testId} style={{ wordBreak: 'break-all' }}>
          {value}
        </Text>
        <CopyButton value={copy ?? value}>
          {({ copied, copy: doCopy }) => (
            <Button size="compact-xs" variant="light" color={copied ? 'teal' : 'gray'} onClick={doCopy} aria-label={`复制${label}`}>
              {copied ? '已复制' : '复制'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Group>
  );
}

export function OfflineTransferDetails({ deposit }: { deposit: Deposit }) {
  const account = deposit.receivingAccount;
  return (
    <Stack gap="sm" data-testid="offline-transfer">
      <Alert color="orange" title="请按以下信息转账">
        转账附言（备注）请填写充值单号，财务核对到账后为您入账；如 72 小时内未到账请联系客服。
      </Alert>
      <Line label="收款银行" value={account?.bank ?? null} testId="receiving-bank" />
      <Line label="收款户名" value={account?.name ?? null} testId="receiving-name" />
      <Line label="收款账号" value={account?.account ?? null} testId="receiving-account" />
      <Line label="开户支行" value={account?.branch ?? null} testId="receiving-branch" />
      <Line label="转账金额" value={formatMoney(deposit.amount)} copy={formatAmountPlain(deposit.amount)} testId="transfer-amount" />
      <Line label="充值单号" value={deposit.reference} testId="transfer-reference" />
      <Button component={Link} to="/wallet/deposit-history" fullWidth data-testid="transferred-button">
        我已转账
      </Button>
    </Stack>
  );
}

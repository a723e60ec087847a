import { Badge, Group, Radio, Stack, Text } from '@mantine/core';
import type { PayoutAccount } from '../../../../shared/api/withdrawals.ts';
import { isRecent } from './recent-bank-accounts.ts';

/** The tab's bound accounts (masked labels), recently used bank accounts first. */
export function PayoutAccountPicker({
  accounts,
  recent,
  value,
  onChange,
}: {
  accounts: readonly PayoutAccount[];
  recent: readonly string[];
  value: number | null;
  onChange: (id: number) => void;
}) {
  if (accounts.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-payout-accounts">
        尚未绑定收款账户，请先绑定
      </Text>
    );
  }
  return (
    <Radio.Group label="收款账户" value={value === null ? '' : String(value)} onChange={(id) => onChange(Number(id))} data-testid="payout-accounts">
      <Stack gap="xs" mt={4}>
        {accounts.map((account) => (
          <Radio
            key={account.id}
            value={String(account.id)}
            data-testid="payout-account"
            label={
              <Group gap={6} wrap="nowrap">
                <Text size="sm">{account.label}</Text>
                {account.kind === 'BANK' && isRecent(account, recent) && (
                  <Badge size="xs" variant="light">
                    最近使用
                  </Badge>
                )}
              </Group>
            }
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

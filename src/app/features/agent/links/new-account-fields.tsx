// Fields shared by 链接开户 and 手动开户: the account type and the prize group (own group and below).
import '@mantine/core/styles/SegmentedControl.css';
import { NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { PRIZE_GROUP_MIN, PRIZE_GROUP_STEP } from '../../../../shared/agent/prize-groups.ts';
import { NEW_ACCOUNT_TYPE_NAMES, NEW_ACCOUNT_TYPES, type NewAccountType } from '../../../../shared/api/agent-links.ts';

/** The groups an agent may give, highest first. */
export function prizeGroupOptions(own: number): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = [];
  for (let group = own - (own % PRIZE_GROUP_STEP); group >= PRIZE_GROUP_MIN; group -= PRIZE_GROUP_STEP) {
    options.push({ value: String(group), label: String(group) });
  }
  return options;
}

export function AccountTypeField({
  value,
  onChange,
  canCreateAgents,
}: {
  value: NewAccountType;
  onChange: (value: NewAccountType) => void;
  canCreateAgents: boolean;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        开户类型
      </Text>
      <SegmentedControl
        value={value}
        onChange={(next) => onChange(next as NewAccountType)}
        data={NEW_ACCOUNT_TYPES.map((type) => ({ value: type, label: NEW_ACCOUNT_TYPE_NAMES[type], disabled: type === 'AGENT' && !canCreateAgents }))}
        data-testid="account-type"
      />
      {!canCreateAgents && (
        <Text size="xs" c="dimmed">
          团队最多 5 级，您只能开设会员
        </Text>
      )}
    </Stack>
  );
}

export function PrizeGroupField({ own, value, onChange, error }: { own: number; value: number; onChange: (value: number) => void; error?: string | undefined }) {
  return (
    <NativeSelect
      label="奖金组"
      description={`不能高于您自己的奖金组 ${own}`}
      data={prizeGroupOptions(own)}
      value={String(value)}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
      error={error}
      data-testid="prize-group"
    />
  );
}

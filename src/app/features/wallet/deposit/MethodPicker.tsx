// The deposit method tiles, grouped (银行卡, 支付宝, 微信, …); offline methods are marked 线下.
import { Badge, Stack, Text, UnstyledButton, SimpleGrid } from '@mantine/core';
import { DEPOSIT_METHOD_GROUPS, DEPOSIT_METHOD_GROUP_CODES, type DepositMethodView } from '../../../../shared/api/deposits.ts';

export function MethodPicker({ methods, value, onChange }: { methods: DepositMethodView[]; value: string | null; onChange: (code: string) => void }) {
  const groups = DEPOSIT_METHOD_GROUP_CODES.map((group) => ({ group, methods: methods.filter((m) => m.group === group) })).filter((g) => g.methods.length > 0);
  return (
    <Stack gap="sm" data-testid="deposit-methods" role="radiogroup" aria-label="充值方式">
      {groups.map(({ group, methods: ofGroup }) => (
        <Stack key={group} gap={4}>
          <Text size="xs" c="dimmed">
            {DEPOSIT_METHOD_GROUPS[group]}
          </Text>
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
            {ofGroup.map((method) => {
              const active = method.code === value;
              return (
                <UnstyledButton
                  key={method.code}
                  role="radio"
                  aria-checked={active}
                  onClick={() => onChange(method.code)}
                  data-testid={`deposit-method-${method.code}`}
                  style={{
                    border: `1px solid ${active ? 'var(--mantine-color-orange-6)' : 'var(--mantine-color-default-border)'}`,
                    background: active ? 'var(--mantine-color-orange-light)' : undefined,
                    borderRadius: 8,
                    padding: '10px 8px',
                    minHeight: 44,
                    textAlign: 'center',
                  }}
                >
                  <Text component="span" size="sm" fw={active ? 600 : 400}>
                    {method.name}
                  </Text>
                  {method.kind === 'OFFLINE' && (
                    <Badge component="span" size="xs" variant="light" color="gray" ml={4}>
                      线下
                    </Badge>
                  )}
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

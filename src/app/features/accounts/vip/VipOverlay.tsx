import { Card, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';
import { VipBadge } from '../../../components/header/VipBadge.tsx';
import { useCurrentCustomer } from '../../session/use-current-customer.ts';
import { VIP_LEVELS_INFO } from './vip-levels.ts';

/** `/account/vip`: the player's level and what each level brings. */
export function VipOverlay() {
  const customer = useCurrentCustomer();
  const current = customer?.vipLevel ?? 'NOT_VIP';
  const currentName = VIP_LEVELS_INFO.find((info) => info.level === current)?.name;
  return (
    <OverlayFrame title="VIP 等级">
      <Stack gap="md" data-testid="vip-overlay">
        <Group gap="xs">
          <Text>您当前的等级：{currentName}</Text>
          <VipBadge level={current} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {VIP_LEVELS_INFO.map((info) => (
            <Card key={info.level} withBorder padding="md" data-testid={`vip-level-${info.level}`} data-current={info.level === current}>
              <Text fw={600} mb="xs">
                {info.name}
                {info.level === current ? '（当前）' : ''}
              </Text>
              <List size="sm" spacing={4}>
                {info.benefits.map((benefit) => (
                  <List.Item key={benefit}>{benefit}</List.Item>
                ))}
              </List>
            </Card>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          会员等级由平台根据账户情况评定，具体以平台公告为准。
        </Text>
      </Stack>
    </OverlayFrame>
  );
}

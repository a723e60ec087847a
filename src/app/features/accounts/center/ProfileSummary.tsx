import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { CustomerInfo } from '../../../../shared/api/accounts.ts';
import { useCapabilities } from '../../../capabilities/capabilities.tsx';
import { VipBadge } from '../../../components/header/VipBadge.tsx';
import { AvatarImage } from '../avatar/AvatarImage.tsx';

const VIP_NAMES = { NOT_VIP: '普通会员', VIP_1: 'VIP1', VIP_2: 'VIP2' } as const;

/** The top of the centre: avatar, alias, account name, VIP level with its link. */
export function ProfileSummary({ info, onOpenProtection }: { info: CustomerInfo; onOpenProtection: () => void }) {
  const capabilities = useCapabilities();
  const trial = info.testMode !== null;
  return (
    <Group gap="md" data-testid="profile-summary">
      <AvatarImage avatarImage={info.avatarImage} alias={info.alias} size={72} />
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={600} size="lg" data-testid="profile-alias">
            {info.alias}
          </Text>
          <VipBadge level={info.vipLevel} />
        </Group>
        <Text size="sm" c="dimmed">
          账号：{info.name}
          {trial ? '（试玩账号）' : ''}
        </Text>
        <Group gap="md">
          {!trial && capabilities.route('/account/vip') && (
            <Anchor component={Link} to="/account/vip" size="sm" data-testid="vip-link">
              会员等级：{VIP_NAMES[info.vipLevel]}
            </Anchor>
          )}
          <Anchor component="button" type="button" size="sm" onClick={onOpenProtection} data-testid="protection-link">
            理性娱乐设置
          </Anchor>
        </Group>
      </Stack>
    </Group>
  );
}

import { Text } from '@mantine/core';
import { OverlayFrame } from '../../components/shell/OverlayFrame.tsx';
import { useCurrentCustomer } from '../session/use-current-customer.ts';

const TYPE_NAMES = { PRIMARY_AGENT: '总代', AGENT: '代理', PLAYER: '会员' } as const;

/** Stand-in for the agent centre's team overview until the agent issue builds it (not linked). */
export function TeamOverviewPlaceholder() {
  const customer = useCurrentCustomer();
  return (
    <OverlayFrame title="代理中心 · 团队概览">
      <Text data-testid="team-overview">账号类型：{customer ? TYPE_NAMES[customer.type] : ''}</Text>
    </OverlayFrame>
  );
}

import { Text } from '@mantine/core';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';

/** Placeholder: issue 19 (commission) replaces this component. */
export function TeamRebatePage({ tab }: { tab: 'rebate' | 'bonus' }) {
  return (
    <OverlayFrame title="团队返点">
      <Text data-testid="agent-team-rebate">{tab === 'bonus' ? '团队奖金' : '团队返点'}</Text>
    </OverlayFrame>
  );
}

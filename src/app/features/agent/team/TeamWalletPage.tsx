import { Text } from '@mantine/core';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';

/** Placeholder: issue 19 (team) replaces this component. */
export function TeamWalletPage() {
  return (
    <OverlayFrame title="团队钱包">
      <Text data-testid="agent-team-wallet">团队钱包</Text>
    </OverlayFrame>
  );
}

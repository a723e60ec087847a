import { Text } from '@mantine/core';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';

/** Placeholder: issue 19 (team) replaces this component. */
export function TeamOrderPage() {
  return (
    <OverlayFrame title="团队投注">
      <Text data-testid="agent-team-order">团队投注</Text>
    </OverlayFrame>
  );
}

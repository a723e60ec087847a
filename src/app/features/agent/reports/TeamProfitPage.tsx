import { Text } from '@mantine/core';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';

/** Placeholder: issue 19 (reports) replaces this component. */
export function TeamProfitPage() {
  return (
    <OverlayFrame title="团队盈亏">
      <Text data-testid="agent-team-profit">团队盈亏</Text>
    </OverlayFrame>
  );
}

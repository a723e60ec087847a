import { Text } from '@mantine/core';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';

/** Placeholder: issue 19 (reports) replaces this component. */
export function TeamOverviewPage() {
  return (
    <OverlayFrame title="团队概览">
      <Text data-testid="team-overview">团队概览</Text>
    </OverlayFrame>
  );
}

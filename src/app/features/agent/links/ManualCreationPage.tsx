import { Text } from '@mantine/core';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';

/** Placeholder: issue 19 (links) replaces this component. */
export function ManualCreationPage() {
  return (
    <OverlayFrame title="手动开户">
      <Text data-testid="agent-manual-creation">手动开户</Text>
    </OverlayFrame>
  );
}

import { Text } from '@mantine/core';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';

/** Placeholder: issue 19 (links) replaces this component. */
export function LinkCreationPage() {
  return (
    <OverlayFrame title="链接开户">
      <Text data-testid="agent-link-creation">链接开户</Text>
    </OverlayFrame>
  );
}

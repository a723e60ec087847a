import { Text } from '@mantine/core';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';

/** Placeholder: issue 19 (links) replaces this component. */
export function LinkManagementPage() {
  return (
    <OverlayFrame title="链接管理">
      <Text data-testid="agent-link-management">链接管理</Text>
    </OverlayFrame>
  );
}

import { Text } from '@mantine/core';
import { OverlayFrame } from '../../../components/shell/OverlayFrame.tsx';

/** Placeholder: issue 19 (team) replaces this component. */
export function TeamManagementPage() {
  return (
    <OverlayFrame title="团队管理">
      <Text data-testid="agent-team-management">团队管理</Text>
    </OverlayFrame>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { LinkManagementPage } from '../../../../../features/agent/links/LinkManagementPage.tsx';

// Overlay, agent-only (spec §2.1 代理中心).
export const Route = createFileRoute('/_loggedIn/_nonTrial/_agentOnly/agent/link-management')({
  staticData: { overlay: true },
  component: LinkManagementPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { TeamManagementPage } from '../../../../../features/agent/team/TeamManagementPage.tsx';

// Overlay, agent-only (spec §2.1 代理中心).
export const Route = createFileRoute('/_loggedIn/_nonTrial/_agentOnly/agent/team-management')({
  staticData: { overlay: true },
  component: TeamManagementPage,
});

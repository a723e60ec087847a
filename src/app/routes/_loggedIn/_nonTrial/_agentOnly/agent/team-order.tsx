import { createFileRoute } from '@tanstack/react-router';
import { TeamOrderPage } from '../../../../../features/agent/team/TeamOrderPage.tsx';

// Overlay, agent-only (spec §2.1 代理中心).
export const Route = createFileRoute('/_loggedIn/_nonTrial/_agentOnly/agent/team-order')({
  staticData: { overlay: true },
  component: TeamOrderPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { TeamOverviewPage } from '../../../../../features/agent/reports/TeamOverviewPage.tsx';

// Overlay, agent-only (spec §2.1 代理中心).
export const Route = createFileRoute('/_loggedIn/_nonTrial/_agentOnly/agent/team-overview')({
  staticData: { overlay: true },
  component: TeamOverviewPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { TeamProfitPage } from '../../../../../features/agent/reports/TeamProfitPage.tsx';

// Overlay, agent-only (spec §2.1 代理中心).
export const Route = createFileRoute('/_loggedIn/_nonTrial/_agentOnly/agent/team-profit')({
  staticData: { overlay: true },
  component: TeamProfitPage,
});

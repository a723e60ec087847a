import { createFileRoute } from '@tanstack/react-router';
import { TeamWalletPage } from '../../../../../features/agent/team/TeamWalletPage.tsx';

// Overlay, agent-only (spec §2.1 代理中心).
export const Route = createFileRoute('/_loggedIn/_nonTrial/_agentOnly/agent/team-wallet')({
  staticData: { overlay: true },
  component: TeamWalletPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { ManualCreationPage } from '../../../../../features/agent/links/ManualCreationPage.tsx';

// Overlay, agent-only (spec §2.1 代理中心).
export const Route = createFileRoute('/_loggedIn/_nonTrial/_agentOnly/agent/manual-creation')({
  staticData: { overlay: true },
  component: ManualCreationPage,
});

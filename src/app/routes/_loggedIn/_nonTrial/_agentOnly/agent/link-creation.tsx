import { createFileRoute } from '@tanstack/react-router';
import { LinkCreationPage } from '../../../../../features/agent/links/LinkCreationPage.tsx';

// Overlay, agent-only (spec §2.1 代理中心).
export const Route = createFileRoute('/_loggedIn/_nonTrial/_agentOnly/agent/link-creation')({
  staticData: { overlay: true },
  component: LinkCreationPage,
});

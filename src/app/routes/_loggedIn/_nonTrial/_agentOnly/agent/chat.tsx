import { createFileRoute } from '@tanstack/react-router';
import { AgentChatOverlay } from '../../../../../features/agent-chat/AgentChatOverlay.tsx';

// Overlay, agent-only: chat with the members of the agent's team (issue 21 item 3).
export const Route = createFileRoute('/_loggedIn/_nonTrial/_agentOnly/agent/chat')({
  staticData: { overlay: true },
  component: AgentChatOverlay,
});

import { createFileRoute } from '@tanstack/react-router';
import { MemberChatOverlay } from '../../../../features/agent-chat/MemberChatOverlay.tsx';

// Overlay, non-trial: a member's chat with its direct parent agent (issue 21 item 3).
export const Route = createFileRoute('/_loggedIn/_nonTrial/account/chat')({
  staticData: { overlay: true },
  component: MemberChatOverlay,
});

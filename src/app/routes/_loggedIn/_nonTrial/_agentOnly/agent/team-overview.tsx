import { createFileRoute } from '@tanstack/react-router';
import { TeamOverviewPlaceholder } from '../../../../../features/account/TeamOverviewPlaceholder.tsx';

// Placeholder overlay (agent-only tier): the agent issue replaces the component; no menu links here yet.
export const Route = createFileRoute('/_loggedIn/_nonTrial/_agentOnly/agent/team-overview')({
  staticData: { overlay: true, placeholder: true },
  component: TeamOverviewPlaceholder,
});

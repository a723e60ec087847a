import { createFileRoute } from '@tanstack/react-router';
import { navigationMemory } from '../../../routing/app-navigation.ts';
import { guardTier } from '../../../routing/access.ts';

/** Spec §6 "agent-only": non-trial and not a PLAYER (the 代理中心 routes). */
export const Route = createFileRoute('/_loggedIn/_nonTrial/_agentOnly')({
  beforeLoad: guardTier('agentOnly', navigationMemory),
});

import { createFileRoute } from '@tanstack/react-router';
import { navigationMemory } from '../../routing/app-navigation.ts';
import { guardTier } from '../../routing/access.ts';

/** Spec §6 "non-trial": logged in without a test mode. Trial players get the not-found page. */
export const Route = createFileRoute('/_loggedIn/_nonTrial')({
  beforeLoad: guardTier('nonTrial', navigationMemory),
});

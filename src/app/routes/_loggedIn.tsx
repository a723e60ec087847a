import { createFileRoute } from '@tanstack/react-router';
import { navigationMemory } from '../routing/app-navigation.ts';
import { guardTier } from '../routing/access.ts';

/** Spec §6 "logged-in": any customer. Child routes are the logged-in pages and overlays. */
export const Route = createFileRoute('/_loggedIn')({
  beforeLoad: guardTier('loggedIn', navigationMemory),
});

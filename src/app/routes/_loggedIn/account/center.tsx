import { createFileRoute } from '@tanstack/react-router';
import { AccountCenterPage } from '../../../features/accounts/center/AccountCenterPage.tsx';

// `?tab=protection` or `?tab=security` opens that tab (the AI assistant links 理性娱乐 this way).
const LINKABLE_TABS = ['protection', 'security'] as const;
type LinkableTab = (typeof LINKABLE_TABS)[number];

export const Route = createFileRoute('/_loggedIn/account/center')({
  validateSearch: (search: Record<string, unknown>): { tab?: LinkableTab } =>
    LINKABLE_TABS.includes(search.tab as LinkableTab) ? { tab: search.tab as LinkableTab } : {},
  component: AccountCenterRoute,
});

function AccountCenterRoute() {
  const { tab } = Route.useSearch();
  return <AccountCenterPage initialTab={tab} />;
}

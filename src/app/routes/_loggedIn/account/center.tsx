import { createFileRoute } from '@tanstack/react-router';
import { AccountCenterPage } from '../../../features/accounts/center/AccountCenterPage.tsx';

export const Route = createFileRoute('/_loggedIn/account/center')({
  component: AccountCenterPage,
});

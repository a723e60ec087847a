import { createFileRoute } from '@tanstack/react-router';
import { VipOverlay } from '../../../../features/accounts/vip/VipOverlay.tsx';

export const Route = createFileRoute('/_loggedIn/_nonTrial/account/vip')({
  staticData: { overlay: true },
  component: VipOverlay,
});

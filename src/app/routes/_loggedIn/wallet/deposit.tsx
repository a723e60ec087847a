import { createFileRoute } from '@tanstack/react-router';
import { DepositOverlay } from '../../../features/wallet/deposit/DepositOverlay.tsx';

// Overlay, logged-in (spec §2.1); trial accounts are refused inside, with the trial modal (spec §6).
export const Route = createFileRoute('/_loggedIn/wallet/deposit')({
  staticData: { overlay: true },
  component: DepositOverlay,
});

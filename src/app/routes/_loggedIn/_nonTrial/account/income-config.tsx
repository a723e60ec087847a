import { createFileRoute } from '@tanstack/react-router';
import { IncomeConfigPage } from '../../../../features/agent/commission/IncomeConfigPage.tsx';

// Overlay, non-trial (spec §2.1): the customer's own prize group, rebate and bonus contracts.
export const Route = createFileRoute('/_loggedIn/_nonTrial/account/income-config')({
  staticData: { overlay: true },
  component: IncomeConfigPage,
});

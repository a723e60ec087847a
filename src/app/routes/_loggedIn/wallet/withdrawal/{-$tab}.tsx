import { createFileRoute, notFound } from '@tanstack/react-router';
import { WithdrawalPage } from '../../../../features/wallet/withdrawal/WithdrawalPage.tsx';
import { isWithdrawalTab } from '../../../../features/wallet/withdrawal/withdrawal-tabs.ts';

// Logged-in (spec §2.1); tab bank (default), usdt, alipay, to-pay, wechat or digital-rmb, any other is not found.
export const Route = createFileRoute('/_loggedIn/wallet/withdrawal/{-$tab}')({
  beforeLoad: ({ params }) => {
    if (params.tab !== undefined && !isWithdrawalTab(params.tab)) throw notFound();
  },
  component: WithdrawalRoute,
});

function WithdrawalRoute() {
  const { tab } = Route.useParams();
  return <WithdrawalPage tab={tab !== undefined && isWithdrawalTab(tab) ? tab : 'bank'} />;
}

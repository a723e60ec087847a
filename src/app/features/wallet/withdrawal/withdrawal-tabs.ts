// The tabs of /wallet/withdrawal/{tab} (spec §2.1), on their own: the route checks them before its
// page loads, so this must not pull the page (or the shared schemas) into the first route.
import type { WithdrawalTab } from '../../../../shared/api/withdrawals.ts';

const TABS: readonly string[] = ['bank', 'usdt', 'alipay', 'to-pay', 'wechat', 'digital-rmb'] satisfies readonly WithdrawalTab[];

export const isWithdrawalTab = (tab: string): tab is WithdrawalTab => TABS.includes(tab);

// Spec §3.4: the four bank accounts the player used last are kept in the browser's preferences and
// listed first on the 银行卡 tab.
import type { PayoutAccount } from '../../../../shared/api/withdrawals.ts';
import { RECENT_LIMITS } from '../../../lib/preferences/definitions.ts';

/** The id moved to the front; duplicates dropped; at most four kept. */
export function rememberRecent(recent: readonly string[], id: number): string[] {
  const key = String(id);
  return [key, ...recent.filter((item) => item !== key)].slice(0, RECENT_LIMITS.bankAccounts);
}

/** Recently used accounts first, most recent first; the rest keep the server's order. */
export function orderByRecent(accounts: readonly PayoutAccount[], recent: readonly string[]): PayoutAccount[] {
  const rank = (account: PayoutAccount) => {
    const index = recent.indexOf(String(account.id));
    return index === -1 ? recent.length : index;
  };
  return accounts
    .map((account, position) => ({ account, position }))
    .sort((a, b) => rank(a.account) - rank(b.account) || a.position - b.position)
    .map(({ account }) => account);
}

export function isRecent(account: PayoutAccount, recent: readonly string[]): boolean {
  return recent.includes(String(account.id));
}

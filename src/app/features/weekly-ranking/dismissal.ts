// Closing the float hides it for the rest of the browser session (sessionStorage): a new tab or
// a new visit shows it again. Decided for issue 22 (docs/campaigns/ranking-and-vip.md).
const KEY = 'jinli.weeklyRanking.closed';

export function rankingFloatClosed(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function closeRankingFloat(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (private mode): closed for this page only.
  }
}

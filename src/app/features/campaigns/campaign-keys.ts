// Query keys of the campaign views (tiny: the live hook imports them into the entry chunk). A
// logged-in customer's views live under the user prefix (dropped at logout); a visitor's do not.
import { USER_QUERY_PREFIX } from '../session/session-queries.ts';

export const CAMPAIGN_KEY = 'campaign';
export const campaignRootKeys = [[CAMPAIGN_KEY], [USER_QUERY_PREFIX, CAMPAIGN_KEY]] as const;

export function campaignKey(loggedIn: boolean, ...parts: (string | number)[]) {
  return loggedIn ? [USER_QUERY_PREFIX, CAMPAIGN_KEY, ...parts] : [CAMPAIGN_KEY, ...parts];
}

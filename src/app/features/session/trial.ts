/**
 * The trial button is a page navigation (spec §7 `/trial/{id}` with a referral query): the server
 * opens a trial account, sets the session cookie and sends the player back to the lobby.
 */
export function trialHref(registrationId: string, referralSource: string | null): string {
  const query = new URLSearchParams();
  if (referralSource) query.set('referral', referralSource);
  const search = query.toString();
  return `/trial/${encodeURIComponent(registrationId)}${search ? `?${search}` : ''}`;
}

export function startTrial(registrationId: string, referralSource: string | null): void {
  window.location.assign(trialHref(registrationId, referralSource));
}

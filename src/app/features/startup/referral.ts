import type { PreferenceStore } from '../../lib/preferences/store.ts';

/**
 * A registration link opens the site with `?registerId=…` (spec §7); the id is kept so the register
 * button and startup can load the link's registration data, with the domain and source it came from.
 */
export function captureReferral(url: URL, store: PreferenceStore): void {
  const registerId = url.searchParams.get('registerId')?.trim();
  if (!registerId || registerId.length > 64) return;
  store.set('registrationId', registerId);
  store.set('referralDomain', url.hostname);
  const source = url.searchParams.get('source')?.trim();
  if (source && source.length <= 64) store.set('referralSource', source);
}

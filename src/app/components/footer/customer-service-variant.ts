import type { SiteConfig } from '../../features/content/content-schemas.ts';

export type CustomerServiceVariant = 'qq' | 'window' | null;

/** Spec §4: the QQ variant when the stored registration id is the special redirected id, for non-trial users. */
export function customerServiceVariant(
  config: SiteConfig | undefined,
  registrationId: string | null,
  trial: boolean,
  windowAvailable: boolean,
): CustomerServiceVariant {
  const cs = config?.customerService;
  if (cs?.qq && cs.qqRegistrationId && registrationId === cs.qqRegistrationId && !trial) return 'qq';
  return windowAvailable ? 'window' : null;
}

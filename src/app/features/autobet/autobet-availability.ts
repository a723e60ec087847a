// Whether a page offers 追号: the feature is built, the draw type allows it (spec §4: not instant draws,
// not 六合彩) and the visitor is not a trial player (spec §6: hidden for them). Visitors who are not
// logged in see it and get the login modal when they use it.
import { findDrawType } from '../../../shared/catalogue/draw-types.ts';
import type { CurrentCustomer } from '../../../shared/api/session.ts';
import { isTrial } from '../../../shared/api/session.ts';
import { useCapabilities } from '../../capabilities/capabilities.tsx';
import { useCurrentCustomer } from '../session/use-current-customer.ts';

export function autobetAllowed(drawType: string, customer: CurrentCustomer | null): boolean {
  const info = findDrawType(drawType);
  if (!info || info.autobetDisabled) return false;
  return customer === null || !isTrial(customer);
}

export function useAutobetAvailable(drawType: string): boolean {
  const capabilities = useCapabilities();
  const customer = useCurrentCustomer();
  return capabilities.feature('autobet') && autobetAllowed(drawType, customer);
}

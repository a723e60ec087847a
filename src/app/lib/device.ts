import { useMediaQuery } from '@mantine/hooks';
import type { DeviceKind } from '../../shared/catalogue/play-modes.ts';

/** Below Mantine's `sm` breakpoint: the phone layout (bottom navigation, mobile play modes). */
export const PHONE_QUERY = '(max-width: 47.99em)';

export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}

export function useDeviceKind(): DeviceKind {
  return useIsPhone() ? 'MOBILE' : 'PC';
}

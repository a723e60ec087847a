import { useSyncExternalStore } from 'react';
import type { DeviceKind } from '../../shared/catalogue/play-modes.ts';

/** Below Mantine's `sm` breakpoint: the phone layout (bottom navigation, mobile play modes). */
export const PHONE_QUERY = '(max-width: 47.99em)';

// One MediaQueryList for the whole page. Mantine's useMediaQuery called matchMedia at every render of
// every component asking (about thirty on the lobby, each card among them) and added a listener per
// component: a visible share of the first load's main-thread time on a phone (docs/pwa.md, tenth pass).
// Kept per matchMedia function, so a page that replaces it (as the tests do) is asked again.
let phoneList: { matchMedia: Window['matchMedia']; list: MediaQueryList } | null = null;

function phoneQueryList(): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  if (phoneList?.matchMedia !== window.matchMedia) phoneList = { matchMedia: window.matchMedia, list: window.matchMedia(PHONE_QUERY) };
  return phoneList.list;
}

function subscribe(onChange: () => void): () => void {
  const list = phoneQueryList();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const isPhoneNow = (): boolean => phoneQueryList()?.matches === true;

export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhoneNow, () => false);
}

export function useDeviceKind(): DeviceKind {
  return useIsPhone() ? 'MOBILE' : 'PC';
}

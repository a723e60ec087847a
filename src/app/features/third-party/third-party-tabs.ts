// The tabs of the third-party routes, on their own: the routes check them before their pages load, so
// this must stay small and must not pull a page into the first route.
import { INACTIVE_PROVIDERS, PROVIDERS_BY_CATALOGUE, THIRD_PARTY_PROVIDERS, type ThirdPartyProvider } from '../../../shared/enums.ts';

const SLOT_PROVIDERS: readonly ThirdPartyProvider[] = PROVIDERS_BY_CATALOGUE.SLOT_MACHINE;

/** `/game/slot-machine/{provider}`: a slot provider of spec §3.5 (AVIA never is). */
export const isSlotProviderTab = (tab: string): tab is ThirdPartyProvider =>
  SLOT_PROVIDERS.includes(tab as ThirdPartyProvider) && !INACTIVE_PROVIDERS.includes(tab as ThirdPartyProvider);

/** `/wallet/third-party/{provider}`: the transfer page with that provider chosen (the provider's game returns here). */
export const isTransferTab = (tab: string): tab is ThirdPartyProvider =>
  (THIRD_PARTY_PROVIDERS as readonly string[]).includes(tab) && !INACTIVE_PROVIDERS.includes(tab as ThirdPartyProvider);

import { createSimpleStore } from '../../lib/store/simple-store.ts';
import { onCustomerChange } from '../session/session-queries.ts';

/** Spec §6: a trial player's forbidden action opens one alert at a time naming the operation. */
export const trialRestriction = createSimpleStore<{ operation: string } | null>(null);
// The alert speaks to the trial account that was refused, not to whoever logs in instead.
onCustomerChange(() => trialRestriction.set(null));

export function showTrialRestriction(operation: string): void {
  if (trialRestriction.get()) return;
  trialRestriction.set({ operation });
}

export function closeTrialRestriction(): void {
  trialRestriction.set(null);
}

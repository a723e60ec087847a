import { createSimpleStore } from '../../lib/store/simple-store.ts';

/** Spec §6: a trial player's forbidden action opens one alert at a time naming the operation. */
export const trialRestriction = createSimpleStore<{ operation: string } | null>(null);

export function showTrialRestriction(operation: string): void {
  if (trialRestriction.get()) return;
  trialRestriction.set({ operation });
}

export function closeTrialRestriction(): void {
  trialRestriction.set(null);
}

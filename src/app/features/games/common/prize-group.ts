// The player's own prize group (from the current customer) decides the top of the prize slider and
// the rebate below it. A visitor who is not logged in sees the group new accounts are created at.
import { useCurrentCustomer } from '../../session/use-current-customer.ts';

export const DEFAULT_PLAYER_PRIZE_GROUP = 1950;

export function usePlayerPrizeGroup(): number {
  return useCurrentCustomer()?.prizeGroup ?? DEFAULT_PLAYER_PRIZE_GROUP;
}

/** The slider's range for a method: its limits, capped at the player's own group. */
export function prizeGroupRange(limits: { min: number; max: number }, playerGroup: number): { min: number; max: number } {
  const max = Math.max(limits.min, Math.min(limits.max, playerGroup));
  return { min: limits.min, max };
}

export function clampPrizeGroup(value: number | undefined, range: { min: number; max: number }): number {
  if (value === undefined || !Number.isInteger(value)) return range.max;
  return Math.min(Math.max(value, range.min), range.max);
}

/** 返点 as a percentage with two decimals: (own group − chosen group) / 2000. */
export function rebatePercent(playerGroup: number, chosen: number): string {
  const basisPoints = Math.max(0, playerGroup - chosen) * 5; // 1 group step = 0.05 %
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}%`;
}

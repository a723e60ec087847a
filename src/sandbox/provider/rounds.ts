// One round of each sandbox game, drawn with Node's CSPRNG (crypto.randomInt, uniform without modulo
// bias). The odds are the published ones of src/shared/providers.
import { randomInt } from 'node:crypto';
import type { Money } from '../../shared/money.ts';
import type { FishKind } from '../../shared/providers/fishing.ts';
import { SLOT_REELS, slotLine, slotMultiplier } from '../../shared/providers/slot.ts';

/** A slot spin: each reel stops at a uniformly drawn position; the line pays stake × multiple. */
export function spinSlot(stake: Money): { stops: number[]; payout: Money } {
  const stops = SLOT_REELS.map((reel) => randomInt(reel.length));
  return { stops, payout: stake * slotMultiplier(slotLine(stops)) };
}

/** A shot at one kind of fish: hits with its published probability and then pays stake × its multiple. */
export function shootFish(stake: Money, fish: FishKind): { hit: boolean; payout: Money } {
  const hit = randomInt(fish.hitDenominator) < fish.hitNumerator;
  return { hit, payout: hit ? (stake * fish.multipleTenths) / 10 : 0 };
}

// The sandbox fishing room (沙箱捕鱼): every shot costs the room's stake and aims at one kind of fish;
// it hits with the published probability (drawn with a CSPRNG by the sandbox) and a hit pays the
// stake × the fish's multiple. Return to player per fish = probability × multiple, stated on the page.

export interface FishKind {
  id: string;
  name: string;
  /** Hit probability = hitNumerator / hitDenominator. */
  hitNumerator: number;
  hitDenominator: number;
  /** A hit pays stake × multipleTenths / 10 (stake included). */
  multipleTenths: number;
}

export const FISH_KINDS: readonly FishKind[] = [
  { id: 'minnow', name: '小丑鱼', hitNumerator: 1, hitDenominator: 2, multipleTenths: 19 },
  { id: 'turtle', name: '海龟', hitNumerator: 1, hitDenominator: 5, multipleTenths: 48 },
  { id: 'shark', name: '鲨鱼', hitNumerator: 1, hitDenominator: 20, multipleTenths: 192 },
  { id: 'dragon', name: '金龙', hitNumerator: 1, hitDenominator: 100, multipleTenths: 960 },
];

export interface FishingRoom {
  room: string;
  name: string;
  /** The stake of one shot, in 0.0001 元. */
  stake: number;
}

export const FISHING_ROOMS: readonly FishingRoom[] = [
  { room: 'R1', name: '新手房', stake: 1_000 },
  { room: 'R2', name: '进阶房', stake: 10_000 },
  { room: 'R3', name: '富豪房', stake: 50_000 },
];

/** Return to player of one fish kind as a fraction (numerator/denominator of the stake). */
export function fishReturnToPlayer(kind: FishKind): { numerator: number; denominator: number } {
  return { numerator: kind.hitNumerator * kind.multipleTenths, denominator: kind.hitDenominator * 10 };
}

/** "96.00%" for a fraction, exact to two decimals (floored). */
export function percentText(fraction: { numerator: number; denominator: number }): string {
  const basisPoints = Math.floor((fraction.numerator * 10_000) / fraction.denominator);
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}%`;
}

// The sandbox provider's games are fair as published: the slot's stated return to player is the one
// its reel strips and pay table give by enumeration, the fishing odds give their stated returns, and
// the CSPRNG rounds the sandbox plays agree with both within five standard errors.
import { describe, expect, it } from 'vitest';
import { shootFish, spinSlot } from '../../src/sandbox/provider/rounds.ts';
import { FISH_KINDS, fishReturnToPlayer, percentText } from '../../src/shared/providers/fishing.ts';
import {
  SLOT_REELS,
  SLOT_STATED_RTP,
  SLOT_SYMBOLS,
  slotLine,
  slotMultiplier,
  slotReturnToPlayer,
} from '../../src/shared/providers/slot.ts';

const STAKE = 10_000;
const SPINS = 200_000;

describe('sandbox slot', () => {
  it('states the return to player its strips and pay table give', () => {
    const exact = slotReturnToPlayer();
    expect(exact.denominator).toBe(SLOT_REELS.reduce((n, reel) => n * reel.length, 1));
    expect(exact.numerator * SLOT_STATED_RTP.denominator).toBe(SLOT_STATED_RTP.numerator * exact.denominator);
    expect(percentText(exact)).toBe(SLOT_STATED_RTP.percent);
  });

  it('has the published symbol counts on every reel', () => {
    const published = { SEVEN: 1, BAR: 2, BELL: 3, MELON: 4, PLUM: 5, CHERRY: 5 };
    for (const reel of SLOT_REELS) {
      expect(reel).toHaveLength(20);
      for (const symbol of SLOT_SYMBOLS) expect(reel.filter((s) => s === symbol)).toHaveLength(published[symbol]);
    }
  });

  it('pays as the table says', () => {
    expect(slotMultiplier(['SEVEN', 'SEVEN', 'SEVEN'])).toBe(100);
    expect(slotMultiplier(['CHERRY', 'CHERRY', 'CHERRY'])).toBe(4);
    expect(slotMultiplier(['CHERRY', 'BAR', 'CHERRY'])).toBe(3);
    expect(slotMultiplier(['CHERRY', 'BAR', 'BELL'])).toBe(1);
    expect(slotMultiplier(['BAR', 'CHERRY', 'BELL'])).toBe(0);
    expect(slotMultiplier(['SEVEN', 'SEVEN', 'BAR'])).toBe(0);
  });

  it('returns, over many CSPRNG spins, what the enumeration says', () => {
    // The exact variance of one spin's multiple, from the same enumeration.
    let sum = 0;
    let sumSquares = 0;
    let n = 0;
    const [r0, r1, r2] = SLOT_REELS;
    for (let a = 0; a < r0!.length; a++) for (let b = 0; b < r1!.length; b++) for (let c = 0; c < r2!.length; c++) {
      const m = slotMultiplier(slotLine([a, b, c]));
      sum += m;
      sumSquares += m * m;
      n++;
    }
    const mean = sum / n;
    const standardError = Math.sqrt(sumSquares / n - mean * mean) / Math.sqrt(SPINS);
    let paid = 0;
    for (let i = 0; i < SPINS; i++) paid += spinSlot(STAKE).payout;
    const observed = paid / (SPINS * STAKE);
    expect(Math.abs(observed - SLOT_STATED_RTP.numerator / SLOT_STATED_RTP.denominator)).toBeLessThan(5 * standardError);
  });
});

describe('sandbox fishing', () => {
  it('states the return to player of each fish from its odds and multiple', () => {
    expect(FISH_KINDS.map((fish) => percentText(fishReturnToPlayer(fish)))).toEqual(['95.00%', '96.00%', '96.00%', '96.00%']);
  });

  it('hits, over many CSPRNG shots, as often as published', () => {
    for (const fish of FISH_KINDS) {
      const shots = 100_000;
      const p = fish.hitNumerator / fish.hitDenominator;
      let hits = 0;
      let paid = 0;
      for (let i = 0; i < shots; i++) {
        const shot = shootFish(STAKE, fish);
        if (shot.hit) hits++;
        paid += shot.payout;
      }
      expect(paid).toBe((hits * STAKE * fish.multipleTenths) / 10);
      expect(Math.abs(hits / shots - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / shots));
    }
  });
});

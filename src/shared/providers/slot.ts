// The sandbox slot (沙箱老虎机): 3 reels, one pay line (the middle row). Published here so the sandbox
// page, the docs and the unit test use the same reel strips and pay table. The return to player is
// not a tuning knob: `slotReturnToPlayer()` computes it exactly by enumerating every stop combination,
// and SLOT_STATED_RTP is what the page states (the unit test checks the two agree).

export const SLOT_SYMBOLS = ['SEVEN', 'BAR', 'BELL', 'MELON', 'PLUM', 'CHERRY'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

export const SLOT_SYMBOL_LABELS: Record<SlotSymbol, string> = {
  SEVEN: '七',
  BAR: '条',
  BELL: '钟',
  MELON: '瓜',
  PLUM: '李',
  CHERRY: '樱',
};

const S = 'SEVEN', B = 'BAR', L = 'BELL', M = 'MELON', P = 'PLUM', C = 'CHERRY';
const STRIP: readonly SlotSymbol[] = [C, P, M, L, C, P, B, M, C, P, L, S, C, P, M, L, C, P, B, M];

/** The reel strips: the same 20 symbols on each reel (1 七, 2 条, 3 钟, 4 瓜, 5 李, 5 樱), each drawn at a different start. */
export const SLOT_REELS: readonly (readonly SlotSymbol[])[] = [STRIP, [...STRIP.slice(7), ...STRIP.slice(0, 7)], [...STRIP.slice(13), ...STRIP.slice(0, 13)]];

/** Three of a kind on the line pays this many times the stake (stake included). */
export const SLOT_THREE_OF_A_KIND: Record<SlotSymbol, number> = {
  SEVEN: 100,
  BAR: 40,
  BELL: 20,
  MELON: 12,
  PLUM: 8,
  CHERRY: 4,
};
/** Exactly two 樱 anywhere on the line. */
export const SLOT_TWO_CHERRIES = 3;
/** Exactly one 樱, on the first reel. */
export const SLOT_FIRST_CHERRY = 1;

/** The stakes a spin may have, in 0.0001 元 (1, 2, 5 and 10 元). */
export const SLOT_STAKES = [10_000, 20_000, 50_000, 100_000] as const;

/** What the page and the docs state; must equal slotReturnToPlayer() (checked by tests/unit/provider-slot.test.ts). */
export const SLOT_STATED_RTP = { numerator: 7728, denominator: 8000, percent: '96.60%' } as const;

/** The multiple of the stake the line pays (0: nothing). */
export function slotMultiplier(line: readonly SlotSymbol[]): number {
  const [a, b, c] = line;
  if (a === b && b === c) return SLOT_THREE_OF_A_KIND[a!];
  const cherries = line.filter((symbol) => symbol === 'CHERRY').length;
  if (cherries === 2) return SLOT_TWO_CHERRIES;
  if (cherries === 1 && a === 'CHERRY') return SLOT_FIRST_CHERRY;
  return 0;
}

/** The middle-row symbols for the given stops (one index per reel). */
export function slotLine(stops: readonly number[]): SlotSymbol[] {
  return SLOT_REELS.map((reel, i) => reel[stops[i]! % reel.length]!);
}

/** The 3×3 window shown for the given stops: rows above, on and below the line. */
export function slotWindow(stops: readonly number[]): SlotSymbol[][] {
  return [-1, 0, 1].map((offset) =>
    SLOT_REELS.map((reel, i) => reel[(stops[i]! + offset + reel.length) % reel.length]!),
  );
}

/** Exact return to player: total paid over all stop combinations / number of combinations (stake 1). */
export function slotReturnToPlayer(): { numerator: number; denominator: number } {
  let paid = 0;
  let combinations = 0;
  const [r0, r1, r2] = SLOT_REELS as [readonly SlotSymbol[], readonly SlotSymbol[], readonly SlotSymbol[]];
  for (const a of r0) for (const b of r1) for (const c of r2) {
    paid += slotMultiplier([a, b, c]);
    combinations++;
  }
  return { numerator: paid, denominator: combinations };
}

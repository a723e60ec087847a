// The ticket cap of typed 快乐8/双色球/大乐透 lines (issue 15, defect 9): whether such a list covers
// every outcome is searched, so one line holds at most 1,000 tickets, refused with a Chinese message
// before any ticket is read; a line at the cap still gets its verdict. Seeded (LOTTERY_SEED=<seed>).
import { describe, expect, it } from 'vitest';
import { count, LotteryError } from '../../../../src/shared/lottery/index.ts';
import { BASE_SEED, pick, range, seededRandom, seedFor } from './oracle/util.ts';

const CAP = 1_000;
const CAP_MESSAGE = '快乐8、双色球、大乐透单式最多输入1,000注，请分多单投注';

const KINDS = [
  ['FCKL8', 'RX10_S', (rng: () => number) => pick(rng, range(1, 80), 10)],
  ['FCKL8', 'RX1_S', (rng: () => number) => pick(rng, range(1, 80), 1)],
  ['SSQ', 'SSQDS', (rng: () => number) => [...pick(rng, range(1, 33), 6), ...pick(rng, range(1, 16), 1)]],
  ['DLT', 'DLTDS', (rng: () => number) => [...pick(rng, range(1, 35), 5), ...pick(rng, range(1, 12), 2)]],
] as const;

/** `size` typed tickets; distinct ones while the space allows (选一 has only 80), then repeats. */
function list(make: (rng: () => number) => number[], size: number, rng: () => number): number[][] {
  const seen = new Set<string>();
  const entries: number[][] = [];
  for (let tries = 0; entries.length < size; tries++) {
    const entry = make(rng);
    const key = [...entry].sort((a, b) => a - b).join();
    if (seen.has(key) && tries < 100 * size) continue;
    seen.add(key);
    entries.push(entry);
  }
  return entries;
}

function refusal(run: () => unknown): LotteryError | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof LotteryError) return error;
    throw error;
  }
}

describe('typed 快乐8/双色球/大乐透 lines: at most 1,000 tickets', () => {
  it.each(KINDS)('%s %s: 1,001 tickets are refused before any is read', (drawType, methodId, make) => {
    const seed = seedFor(`coverage-cap/${methodId}`);
    const entries = list(make, CAP + 1, seededRandom(seed));
    const error = refusal(() => count(drawType, methodId, { entries }));
    expect(error?.code, `seed ${seed} (LOTTERY_SEED=${BASE_SEED})`).toBe('TOO_MANY_BETS');
    expect(error?.message).toBe(CAP_MESSAGE);
    // Neither a duplicate nor an invalid ticket is reached: the cap answers first.
    entries[CAP] = [0, 0, 0];
    expect(refusal(() => count(drawType, methodId, { entries }))?.message).toBe(CAP_MESSAGE);
  });

  it.each(KINDS.filter(([, id]) => id !== 'RX1_S'))('%s %s: 1,000 tickets get a coverage verdict', (drawType, methodId, make) => {
    const seed = seedFor(`coverage-cap/at/${methodId}`);
    const entries = list(make, CAP, seededRandom(seed));
    const error = refusal(() => count(drawType, methodId, { entries }));
    expect(error === null || error.code === 'COVERS_ALL_OUTCOMES', `seed ${seed}: ${error?.message}`).toBe(true);
  });
});

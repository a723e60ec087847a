// Small, deliberately naive helpers for the test oracles (no shared code with the engine).

/** Seeded PRNG (mulberry32): the seed is printed in every failing assertion. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The run's base seed: LOTTERY_SEED from the environment, else random. */
export const BASE_SEED = process.env.LOTTERY_SEED ? Number(process.env.LOTTERY_SEED) : Math.floor(Math.random() * 2 ** 31);

export function seedFor(label: string): number {
  let h = BASE_SEED;
  for (const ch of label) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  return h;
}

export function cartesian<T>(lists: readonly (readonly T[])[]): T[][] {
  let result: T[][] = [[]];
  for (const list of lists) result = result.flatMap((prefix) => list.map((item) => [...prefix, item]));
  return result;
}

export function kSubsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...kSubsets(rest, k - 1).map((s) => [first as T, ...s]), ...kSubsets(rest, k)];
}

export const sortedCopy = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

export function countOf(values: readonly number[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
}

export const sameNumbers = (a: readonly number[], b: readonly number[]): boolean => {
  const x = sortedCopy(a);
  const y = sortedCopy(b);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

export function chooseBig(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i);
  return r;
}

export const range = (min: number, max: number): number[] => Array.from({ length: max - min + 1 }, (_, i) => min + i);

export function pick<T>(rng: () => number, values: readonly T[], k: number): T[] {
  const pool = [...values];
  const out: T[] = [];
  while (out.length < k && pool.length > 0) out.push(pool.splice(Math.floor(rng() * pool.length), 1)[0] as T);
  return out;
}

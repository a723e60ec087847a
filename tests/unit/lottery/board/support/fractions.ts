// Exact fractions for expected returns computed by the tests themselves (independent of the engine).

export interface Fraction {
  readonly n: bigint;
  readonly d: bigint;
}

export const frac = (n: bigint | number, d: bigint | number = 1n): Fraction => ({ n: BigInt(n), d: BigInt(d) });

export function add(a: Fraction, b: Fraction): Fraction {
  return { n: a.n * b.d + b.n * a.d, d: a.d * b.d };
}

export function times(a: Fraction, b: Fraction): Fraction {
  return { n: a.n * b.n, d: a.d * b.d };
}

/** a and b denote the same number (engine rationals are { num, den }). */
export function sameValue(a: Fraction, b: { num: bigint; den: bigint }): boolean {
  return a.n * b.den === b.num * a.d;
}

export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

export function show(value: { num: bigint; den: bigint } | Fraction): string {
  const [n, d] = 'num' in value ? [value.num, value.den] : [value.n, value.d];
  return `${n}/${d} ≈ ${(Number((n * 1_000_000n) / d) / 10_000).toFixed(4)}%`;
}

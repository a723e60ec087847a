// Exact non-negative rationals over bigint: returns to player are sums of weighted odds and must be
// compared with 100 % exactly, never through a float.

export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function rational(num: bigint, den: bigint = 1n): Rational {
  if (den === 0n) throw new RangeError('denominator is zero');
  const sign = den < 0n ? -1n : 1n;
  const g = gcd(num, den) || 1n;
  return { num: (sign * num) / g, den: (sign * den) / g };
}

export function addRational(a: Rational, b: Rational): Rational {
  return rational(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function compareRational(a: Rational, b: Rational): -1 | 0 | 1 {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

export function maxRational(values: readonly Rational[]): Rational {
  return values.reduce((best, value) => (compareRational(value, best) > 0 ? value : best), rational(0n));
}

/** "97.22%": rounded half up to `decimals` places; for display only. */
export function formatPercent(value: Rational, decimals = 2): string {
  const scale = 10n ** BigInt(decimals);
  const scaled = (value.num * 100n * scale * 2n + value.den) / (value.den * 2n);
  const whole = scaled / scale;
  const fraction = (scaled % scale).toString().padStart(decimals, '0');
  return decimals > 0 ? `${whole}.${fraction}%` : `${whole}%`;
}

// Counting helpers for exact enumeration.

/** Every k-element combination of `items`, in lexicographic order of positions. */
export function combinations<T>(items: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  const chosen: T[] = [];
  const walk = (start: number): void => {
    if (chosen.length === k) {
      out.push(chosen.slice());
      return;
    }
    for (let i = start; i <= items.length - (k - chosen.length); i++) {
      chosen.push(items[i] as T);
      walk(i + 1);
      chosen.pop();
    }
  };
  walk(0);
  return out;
}

/** C(n, k) exactly. */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  const r = Math.min(k, n - k);
  let result = 1n;
  for (let i = 1; i <= r; i++) result = (result * BigInt(n - r + i)) / BigInt(i);
  return result;
}

/** 1..n (or from..to inclusive). */
export function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

/** Every ordered tuple of `length` distinct values from `values`. */
export function arrangements(values: readonly number[], length: number): number[][] {
  const out: number[][] = [];
  const current: number[] = [];
  const used = new Set<number>();
  const walk = (): void => {
    if (current.length === length) {
      out.push(current.slice());
      return;
    }
    for (const value of values) {
      if (used.has(value)) continue;
      used.add(value);
      current.push(value);
      walk();
      current.pop();
      used.delete(value);
    }
  };
  walk();
  return out;
}

/**
 * Number of k-subsets of {1..n} per sum: counts[k][s]. Exact (bigint), used for keno and 六合彩 totals.
 */
export function subsetSumCounts(n: number, k: number): bigint[][] {
  const maxSum = (k * (2 * n - k + 1)) / 2;
  const counts: bigint[][] = Array.from({ length: k + 1 }, () => new Array<bigint>(maxSum + 1).fill(0n));
  (counts[0] as bigint[])[0] = 1n;
  for (let value = 1; value <= n; value++) {
    for (let size = Math.min(value, k); size >= 1; size--) {
      const into = counts[size] as bigint[];
      const from = counts[size - 1] as bigint[];
      for (let sum = maxSum; sum >= value; sum--) {
        const add = from[sum - value] as bigint;
        if (add !== 0n) into[sum] = (into[sum] as bigint) + add;
      }
    }
  }
  return counts;
}

/** A k-subset of {1..n} with the given sum (ascending), or undefined when none exists. */
export function subsetWithSum(n: number, k: number, sum: number): number[] | undefined {
  const picked = range(1, k);
  let missing = sum - picked.reduce((a, b) => a + b, 0);
  if (missing < 0) return undefined;
  for (let i = k - 1; i >= 0 && missing > 0; i--) {
    const ceiling = n - (k - 1 - i);
    const raise = Math.min(ceiling - (picked[i] as number), missing);
    picked[i] = (picked[i] as number) + raise;
    missing -= raise;
  }
  return missing === 0 ? picked : undefined;
}

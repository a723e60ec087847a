// 遗漏 and 冷热 counts over a list of results, on their own: the picker needs them without the chart's
// layouts and views.

/**
 * 遗漏 now of each value: how many draws, newest first, came since it was last hit (0: hit in the
 * newest draw); null when no draw of the list hit it (it has been missing at least that many draws).
 * `hitsOf` gives the values one draw hits.
 */
export function currentOmission<V>(newestFirst: readonly (readonly number[])[], values: readonly V[], hitsOf: (result: readonly number[]) => readonly V[]): (number | null)[] {
  const omission: (number | null)[] = values.map(() => null);
  const index = new Map(values.map((value, i) => [value, i]));
  let open = values.length;
  for (let draw = 0; draw < newestFirst.length && open > 0; draw++) {
    for (const value of hitsOf(newestFirst[draw]!)) {
      const i = index.get(value);
      if (i !== undefined && omission[i] === null) {
        omission[i] = draw;
        open--;
      }
    }
  }
  return omission;
}

/** 冷热: in how many of the newest `window` draws each value was hit (a draw counts once). */
export function hitCounts<V>(newestFirst: readonly (readonly number[])[], values: readonly V[], hitsOf: (result: readonly number[]) => readonly V[], window: number): number[] {
  const counts = values.map(() => 0);
  const index = new Map(values.map((value, i) => [value, i]));
  const end = Math.min(window, newestFirst.length);
  for (let draw = 0; draw < end; draw++) {
    for (const i of new Set(hitsOf(newestFirst[draw]!).map((value) => index.get(value)))) {
      if (i !== undefined) counts[i]! += 1;
    }
  }
  return counts;
}

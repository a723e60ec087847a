// Positions of the 时时彩 board: shared by its rules and its odds data.

export const SSC_POSITION_NAMES = ['万', '千', '百', '十', '个'] as const;

export const SSC_SEGMENTS = [
  { key: 'FRONT', name: '前三', positions: [0, 1, 2] },
  { key: 'MIDDLE', name: '中三', positions: [1, 2, 3] },
  { key: 'BACK', name: '后三', positions: [2, 3, 4] },
] as const;

/** The 10 position pairs i < j (万千, 万百, …, 十个). */
export const SSC_POSITION_PAIRS: readonly (readonly [number, number])[] = [0, 1, 2, 3, 4].flatMap((i) =>
  [0, 1, 2, 3, 4].filter((j) => j > i).map((j) => [i, j] as const),
);

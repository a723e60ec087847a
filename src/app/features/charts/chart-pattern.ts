// The chart's display options (spec §3.4 "chart pattern"), remembered as a short string of letters,
// one per option that is on: "ols" = 遗漏, 折线, 分隔线. Nothing stored means the defaults.
export interface ChartPattern {
  /** 遗漏: omission counts in the cells without a hit. */
  omission: boolean;
  /** 折线: the line joining the drawn number of consecutive issues. */
  line: boolean;
  /** 分隔线: a rule every 5 issues. */
  separators: boolean;
  /** 遗漏分层: shading of the cells after each column's last hit. */
  layers: boolean;
}

export type ChartPatternOption = keyof ChartPattern;

export const CHART_PATTERN_OPTIONS: readonly { key: ChartPatternOption; label: string; letter: string }[] = [
  { key: 'omission', label: '遗漏', letter: 'o' },
  { key: 'line', label: '折线', letter: 'l' },
  { key: 'separators', label: '分隔线', letter: 's' },
  { key: 'layers', label: '遗漏分层', letter: 'y' },
];

export const DEFAULT_CHART_PATTERN: ChartPattern = { omission: true, line: true, separators: true, layers: false };

export function parseChartPattern(stored: string | null): ChartPattern {
  if (stored === null) return DEFAULT_CHART_PATTERN;
  const pattern = { ...DEFAULT_CHART_PATTERN };
  for (const option of CHART_PATTERN_OPTIONS) pattern[option.key] = stored.includes(option.letter);
  return pattern;
}

export function formatChartPattern(pattern: ChartPattern): string {
  return CHART_PATTERN_OPTIONS.filter((option) => pattern[option.key])
    .map((option) => option.letter)
    .join('');
}

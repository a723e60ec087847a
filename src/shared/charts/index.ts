// Trend charts (走势图): which draw types have one, their column layout, and the computed values.
export { chartDrawCountChoices, chartSupportedFor, DEFAULT_CHART_DRAW_COUNT, effectiveDrawCount, isChartSupported } from './supported.ts';
export { chartLayout, type ChartLayout, type ChartZone, type ZoneTone } from './layout.ts';
export { chartDraws, computeTrendChart, type ChartDraw, type ColumnStats, type TrendChartData, type ZoneChart } from './compute.ts';

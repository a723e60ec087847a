// Trend charts (走势图): which draw types have one, their column layout and views, and the computed values.
export { chartDrawCountChoices, chartSupportedFor, DEFAULT_CHART_DRAW_COUNT, effectiveDrawCount, isChartSupported } from './supported.ts';
export { chartLayout, type ChartLayout, type ChartZone, type ZoneTone } from './layout.ts';
export { chartViews, type ChartView, type ChartViewKey } from './views.ts';
export {
  chartDraws,
  computeTrendChart,
  currentOmission,
  hitCounts,
  type ChartDraw,
  type ColumnStats,
  type TrendChartData,
  type ZoneChart,
} from './compute.ts';

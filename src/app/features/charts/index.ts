// Trend charts for the game pages: `<TrendChart drawType count? compact? />` and whether a draw type has one.
export { TrendChart, type TrendChartProps } from './TrendChart.tsx';
export { isChartSupported } from '../../../shared/charts/index.ts';

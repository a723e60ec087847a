// The trend chart (走势图) of one draw type, embedded on the game page (`compact`) and on the
// standalone chart page. The history comes from the results API; the values from shared/charts.
import { Alert, Anchor, Button, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import { findDrawType, type DrawTypeInfo } from '../../../shared/catalogue/draw-types.ts';
import { chartSupportedFor, chartViews, computeTrendChart, type ChartViewKey } from '../../../shared/charts/index.ts';
import { asRouteHref } from '../../capabilities/capabilities.tsx';
import { ChartControls } from './ChartControls.tsx';
import { ChartCanvas } from './ChartCanvas.tsx';
import { ChartStatsTable } from './ChartStatsTable.tsx';
import { ChartViewTabs } from './ChartViewTabs.tsx';
import { chartResultsQueryOptions } from './chart-queries.ts';
import { useChartSettings } from './use-chart-settings.ts';
import './chart.css';

export interface TrendChartProps {
  /** A draw type code, e.g. UUFFC. Draw types without a chart (spec §9) show a notice. */
  drawType: string;
  /** A fixed number of issues (capped at the draw type's history); without it the player's remembered choice, with a selector. */
  count?: number;
  /** The embedded form: a lower grid and a link to the full chart page. */
  compact?: boolean;
  /** Offers the category's other views (和值, 跨度, 形态, 大小单双, 龙虎) as tabs. */
  views?: boolean;
}

export function TrendChart({ drawType, count, compact = false, views = false }: TrendChartProps) {
  const info = findDrawType(drawType);
  if (!info || !chartSupportedFor(info)) {
    return (
      <Alert color="gray" data-testid="trend-chart-unsupported">
        该彩种暂不提供走势图
      </Alert>
    );
  }
  return <SupportedTrendChart key={info.code} info={info} fixedCount={count} compact={compact} withViews={views} />;
}

interface SupportedTrendChartProps {
  info: DrawTypeInfo;
  fixedCount: number | undefined;
  compact: boolean;
  withViews: boolean;
}

function SupportedTrendChart({ info, fixedCount, compact, withViews }: SupportedTrendChartProps) {
  const settings = useChartSettings(info.historyDrawCount, fixedCount);
  const query = useQuery(chartResultsQueryOptions(info.code, settings.count));
  const results = query.data?.drawType === info.code ? query.data.results : null;
  const views = useMemo(() => (withViews ? chartViews(info.code) : []), [withViews, info.code]);
  const [view, setView] = useState<ChartViewKey>('basic');
  const chart = useMemo(() => (results ? computeTrendChart(info.code, results, view) : null), [results, info.code, view]);
  const viewLabel = views.find((v) => v.key === view)?.label;
  const label = view === 'basic' ? `${info.name}走势图` : `${info.name}${viewLabel}走势图`;
  const body = (content: ReactNode) =>
    views.length > 1 ? (
      <ChartViewTabs views={views} value={view} onChange={setView}>
        {content}
      </ChartViewTabs>
    ) : (
      content
    );

  return (
    <section className="jl-chart" aria-label={label} data-testid="trend-chart" data-draw-type={info.code}>
      <Group justify="space-between" align="flex-end" gap="xs" wrap="wrap">
        <ChartControls
          historyDrawCount={info.historyDrawCount}
          count={settings.count}
          onCountChange={fixedCount === undefined ? settings.setCount : null}
          pattern={settings.pattern}
          onPatternChange={settings.setPattern}
        />
        <Group gap="xs" mb="xs">
          {query.isFetching && <Loader size="xs" aria-label="正在更新走势" />}
          {compact && (
            <Anchor component={Link} to={asRouteHref(`/game/chart/${info.code}`)} size="sm" data-testid="chart-full-link">
              完整走势图
            </Anchor>
          )}
        </Group>
      </Group>
      {chart === null && query.isError && (
        <Alert color="red" title="走势加载失败">
          <Text size="sm" mb="xs">
            因网络不稳定，走势数据加载失败，请稍后重试
          </Text>
          <Button size="compact-sm" onClick={() => void query.refetch()}>
            重试
          </Button>
        </Alert>
      )}
      {chart === null && !query.isError && (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label="走势加载中" />
        </Group>
      )}
      {chart !== null && chart.draws.length === 0 && <Text c="dimmed">暂无开奖记录</Text>}
      {chart !== null &&
        chart.draws.length > 0 &&
        body(
          <>
            <ChartCanvas chart={chart} pattern={settings.pattern} label={label} compact={compact} />
            <ChartStatsTable chart={chart} label={label} />
          </>,
        )}
    </section>
  );
}

// The chart page's views (基本走势, 和值, 跨度, 形态, 大小单双, 龙虎) as tabs; the chart below is their panel.
import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ChartView, ChartViewKey } from '../../../shared/charts/index.ts';

interface ChartViewTabsProps {
  views: readonly ChartView[];
  value: ChartViewKey;
  onChange: (view: ChartViewKey) => void;
  children: ReactNode;
}

export function ChartViewTabs({ views, value, onChange, children }: ChartViewTabsProps) {
  return (
    <Tabs value={value} onChange={(next) => next && onChange(next as ChartViewKey)} variant="pills" keepMounted={false} data-testid="chart-views">
      <Tabs.List className="jl-chart-views" aria-label="走势图类型">
        {views.map((view) => (
          <Tabs.Tab key={view.key} value={view.key} data-testid={`chart-view-${view.key}`}>
            {view.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={value} pt="xs">
        {children}
      </Tabs.Panel>
    </Tabs>
  );
}

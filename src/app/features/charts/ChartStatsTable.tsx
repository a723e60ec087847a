// The summary rows as a real table for screen readers (the chart itself is a picture): per zone and
// number, 出现次数, 平均遗漏, 最大遗漏 and 最大连出.
import { VisuallyHidden } from '@mantine/core';
import { memo } from 'react';
import type { TrendChartData } from '../../../shared/charts/index.ts';
import { SUMMARY_LABELS } from './chart-geometry.ts';

const STATS = ['appearances', 'averageOmission', 'maxOmission', 'maxConsecutive'] as const;

export const ChartStatsTable = memo(function ChartStatsTable({ chart, label }: { chart: TrendChartData; label: string }) {
  return (
    <VisuallyHidden>
      <table data-testid="chart-stats">
        <caption>{label}统计（近 {chart.draws.length} 期）</caption>
        <thead>
          <tr>
            <th scope="col">号码</th>
            {SUMMARY_LABELS.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.zones.map((zone) =>
            zone.zone.columns.map((column, index) => (
              <tr key={`${zone.zone.key}-${column}`} data-zone={zone.zone.key} data-column={column}>
                <th scope="row">
                  {zone.zone.label} {column}
                </th>
                {STATS.map((stat) => (
                  <td key={stat}>{zone.stats[stat][index]}</td>
                ))}
              </tr>
            )),
          )}
        </tbody>
      </table>
    </VisuallyHidden>
  );
});
